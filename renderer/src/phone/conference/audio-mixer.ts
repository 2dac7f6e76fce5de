/**
 * The three-way call mixed in the page (Asterisk offers SIP phones no
 * conference focus): one AudioContext at 48 kHz, the rate WebRTC's audio
 * runs at inside Chromium, so nothing is resampled.
 *
 *   microphone ─┬─ agent→0 ─▶ destination 0 ─▶ call 0's sender (replaceTrack)
 *               └─ agent→1 ─▶ destination 1 ─▶ call 1's sender (replaceTrack)
 *   received 0 ──── 0→1 ───▶ destination 1
 *   received 1 ──── 1→0 ───▶ destination 0
 *
 * The agent hears both parties as before: each call's own <audio> element
 * plays what it receives (a muted party is silenced there, call-media.ts).
 * `replaceTrack` swaps what a sender carries without renegotiating.
 *
 * Where its delay comes from. The graph itself adds at most one render
 * quantum: it renders in quanta of 128 frames (2.7 ms at 48 kHz), gain and
 * summing work in place within the quantum, no node buffers or looks ahead,
 * nothing is resampled. What costs more is crossing the context's clock:
 * a MediaStreamAudioSourceNode keeps a FIFO that bridges WebRTC's 10 ms
 * chunks to the context's device callbacks (10 ms at `interactive`), and a
 * MediaStreamAudioDestinationNode hands each callback's output on. So a
 * sample waits for one to three 10 ms frames: test/phone/conference-
 * chromium.test.ts measures 10-31 ms in headless Chromium (the figure is
 * fixed per run, set by the clocks' phase at start; the latency hint does
 * not change it). bench/conference.ts, between two Chromiums with the
 * phone's microphone and playout, measured 17–40 ms per conference (once
 * 107 ms): over the issue's bound of one 20 ms packet. So the phone uses it
 * only where the browser lacks the Breakout Box (default-mixer.ts); the frame
 * mixer (frame-mixer.ts) keeps within the bound. Still under the ~150 ms one-way delay at which conversation begins to
 * suffer (ITU-T G.114), and only while three talk.
 */
import type { SendOverride } from '../media/send-override';
import type { ConferenceMixer, PartyIndex } from './conference-mixer';

export function createAudioMixer(): ConferenceMixer {
  const ctx = new AudioContext({ sampleRate: 48_000, latencyHint: 'interactive' });
  const made: MediaStreamTrack[] = [];
  const nodes: AudioNode[] = [];
  const gain = (value: number): GainNode => {
    const node = ctx.createGain();
    node.gain.value = value;
    nodes.push(node);
    return node;
  };
  const set = (node: GainNode, on: boolean): void => {
    node.gain.setValueAtTime(on ? 1 : 0, ctx.currentTime);
  };
  // The microphone is mixed from a clone: its own `enabled`, stopped here, whatever the calls do with theirs.
  let microphone: { track: MediaStreamTrack; source: MediaStreamAudioSourceNode } | null = null;
  const agentTo = [gain(1), gain(1)] as const;
  const partyTo = [gain(1), gain(1)] as const;
  const useMicrophone = (track: MediaStreamTrack): void => {
    microphone?.source.disconnect();
    microphone?.track.stop();
    const clone = track.clone();
    clone.enabled = true;
    const source = ctx.createMediaStreamSource(new MediaStream([clone]));
    for (const g of agentTo) source.connect(g);
    microphone = { track: clone, source };
  };

  return {
    mix(parties) {
      useMicrophone(parties[0].microphone);
      const destinations = [ctx.createMediaStreamDestination(), ctx.createMediaStreamDestination()] as const;
      nodes.push(...destinations);
      for (const i of [0, 1] as const) {
        agentTo[i].connect(destinations[i]);
        // What this party says goes to the other one.
        const received = ctx.createMediaStreamSource(parties[i].remote);
        nodes.push(received);
        received.connect(partyTo[i]);
        partyTo[i].connect(destinations[i === 0 ? 1 : 0]);
      }
      const override = (i: PartyIndex): SendOverride => {
        const track = destinations[i].stream.getAudioTracks()[0];
        if (!track) throw new Error('A MediaStreamAudioDestinationNode gave no track.');
        made.push(track);
        return { track, agentAudible: (on) => set(agentTo[i], on), microphoneChanged: useMicrophone };
      };
      void ctx.resume().catch(() => undefined);
      return [override(0), override(1)];
    },
    setPartyHeard(party, heard) {
      set(partyTo[party], heard);
    },
    close() {
      for (const node of nodes) node.disconnect();
      microphone?.source.disconnect();
      microphone?.track.stop();
      microphone = null;
      for (const track of made) track.stop();
      void ctx.close().catch(() => undefined);
    },
  };
}
