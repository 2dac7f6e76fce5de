// The SIP reachability prober on a fake clock with a scripted probe: probes
// at the slots of the reconnect curve counted from the outage's start (a
// fast curve here), one at a time; an answer as soon as one finds the SIP
// service, `reachable: false` at the time-out; waits on the same server share
// one loop, and a later wait for the same outage goes on where it stood.
import { describe, expect, it } from 'vitest';
import { createReachabilityProber, sipProbeTarget, type ConnectProbe, type ProbeTarget } from '../../../main/services/connectivity';
import { FakeClock } from './fake-clock';

const pbx: ProbeTarget = { host: 'pbx.example', port: 8089 };
/** Looks 250 ms apart for 1 s, growing to 500 ms apart at 2 s; no jitter, so slots are exact. */
const curve = { intervalMs: 250, holdMs: 1_000, maxIntervalMs: 500, maxFromMs: 2_000, slotJitter: 0 };
/** Lets a probe's outcome run through its promise chain (no time passes on the fake clock). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A connect whose outcomes the test decides, one pending at a time. */
function scriptedConnect(clock: FakeClock) {
  const starts: number[] = [];
  const signals: AbortSignal[] = [];
  let pending: ((connected: boolean) => void) | null = null;
  const connect: ConnectProbe = (target, { signal, timeoutMs }) => {
    expect(target).toEqual(pbx);
    expect(timeoutMs).toBeLessThanOrEqual(1_500);
    expect(pending).toBeNull(); // one probe at a time
    starts.push(clock.now());
    signals.push(signal);
    return new Promise((resolve) => {
      pending = (connected) => ((pending = null), resolve(connected));
      signal.addEventListener('abort', () => pending?.(false), { once: true }); // as tcpConnect does
    });
  };
  const answer = async (connected: boolean) => {
    pending?.(connected);
    await settle();
  };
  return { connect, starts, signals, answer };
}

describe('reachability prober', () => {
  it('probes at its slots from the outage start (phase 0: at once, then every 250 ms) and answers at the first that finds the service', async () => {
    const clock = new FakeClock();
    const script = scriptedConnect(clock);
    const prober = createReachabilityProber({ connect: script.connect, clock, random: () => 0, curve });
    const result = prober.wait(pbx, { timeoutMs: 10_000 });
    clock.advance(0);
    expect(script.starts).toEqual([0]);
    clock.advance(100);
    await script.answer(false);
    clock.advance(149);
    expect(script.starts).toEqual([0]);
    clock.advance(1);
    expect(script.starts).toEqual([0, 250]);
    await script.answer(false);
    clock.advance(250);
    await script.answer(true);
    expect(await result).toEqual({ reachable: true, probes: 3 });
    clock.advance(10_000);
    expect(script.starts).toHaveLength(3);
    expect(clock.pending).toBe(0);
  });

  it('a floor does not look at the instant of the loss: the phase puts the first probe anywhere in the first interval', async () => {
    for (const [random, first] of [[0.5, 125], [0.999, 250]] as const) {
      const clock = new FakeClock();
      const script = scriptedConnect(clock);
      const prober = createReachabilityProber({ connect: script.connect, clock, random: () => random, curve });
      void prober.wait(pbx, { timeoutMs: 5_000 });
      clock.advance(first - 1);
      expect(script.starts).toHaveLength(0);
      clock.advance(1);
      expect(script.starts).toEqual([first]);
      prober.close();
    }
  });

  it('backs off along the curve: 250 ms apart in the first second, then wider, 500 ms apart from 2 s', async () => {
    const clock = new FakeClock();
    const script = scriptedConnect(clock);
    const prober = createReachabilityProber({ connect: script.connect, clock, random: () => 0, curve });
    void prober.wait(pbx, { timeoutMs: 20_000 });
    clock.advance(0);
    // Each probe is refused at once; time moves in 10 ms steps to the next one.
    for (let step = 0; step < 500 && script.starts.length < 12; step++) {
      await script.answer(false);
      clock.advance(10);
    }
    const gaps = script.starts.slice(1).map((t, i) => t - (script.starts[i] ?? 0));
    expect(gaps.slice(0, 3)).toEqual([250, 250, 250]);
    expect(gaps.at(-1)).toBe(500);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThanOrEqual(gaps[i - 1]!);
    prober.close();
  });

  it('answers reachable: false at the time-out with the probes made, and stops probing', async () => {
    const clock = new FakeClock();
    const script = scriptedConnect(clock);
    const prober = createReachabilityProber({ connect: script.connect, clock, random: () => 0, curve });
    const result = prober.wait(pbx, { timeoutMs: 800 });
    for (let t = 0; t < 750; t += 250) {
      clock.advance(t === 0 ? 0 : 250);
      await script.answer(false);
    }
    clock.advance(250); // the fourth probe (started at 750) is still under way at the time-out (800)
    clock.advance(50);
    expect(await result).toEqual({ reachable: false, probes: 3 });
    expect(script.signals.at(-1)!.aborted).toBe(true); // ...and it was cut
    clock.advance(10_000);
    expect(script.starts).toEqual([0, 250, 500, 750]);
    expect(clock.pending).toBe(0);
  });

  it('a later wait for the same outage goes on where the curve stood (no burst of missed slots); a new outage starts over', async () => {
    const clock = new FakeClock();
    const script = scriptedConnect(clock);
    const prober = createReachabilityProber({ connect: script.connect, clock, random: () => 0, curve });
    const first = prober.wait(pbx, { timeoutMs: 300 });
    clock.advance(0);
    await script.answer(false);
    clock.advance(250);
    await script.answer(true); // a "yes" the page's try then finds false
    expect(await first).toMatchObject({ reachable: true });
    // The page waits again 1.3 s into the outage (its try took 1 s): the slots it missed are not made up.
    clock.advance(1_050);
    void prober.wait(pbx, { timeoutMs: 5_000, outageMs: 1_300 });
    clock.advance(0);
    expect(script.starts).toEqual([0, 250]);
    clock.advance(400);
    expect(script.starts.length).toBe(3);
    expect(script.starts[2]).toBeGreaterThan(1_300);
    await script.answer(false);
    prober.close();
    // Another outage, minutes later: from its own beginning again.
    clock.advance(300_000);
    void prober.wait(pbx, { timeoutMs: 5_000, outageMs: 0 });
    clock.advance(0);
    expect(script.starts.at(-1)).toBe(clock.now());
    prober.close();
  });

  it('a wait that ends before its next slot fired gives that slot back: the next wait of the outage probes there, not an interval later', async () => {
    const clock = new FakeClock();
    const script = scriptedConnect(clock);
    const prober = createReachabilityProber({ connect: script.connect, clock, random: () => 0, curve });
    const first = prober.wait(pbx, { timeoutMs: 100 }); // slot 0 at 0, slot 1 scheduled for 250
    clock.advance(0);
    await script.answer(false);
    clock.advance(100);
    expect(await first).toMatchObject({ reachable: false });
    clock.advance(20); // the page's own try, then it waits again
    void prober.wait(pbx, { timeoutMs: 5_000, outageMs: 120 });
    clock.advance(130);
    expect(script.starts).toEqual([0, 250]);
    prober.close();
  });

  it('waits for the same server share one loop; each keeps its own time-out and count', async () => {
    const clock = new FakeClock();
    const script = scriptedConnect(clock);
    const prober = createReachabilityProber({ connect: script.connect, clock, random: () => 0, curve });
    const first = prober.wait(pbx, { timeoutMs: 600 });
    clock.advance(0);
    await script.answer(false);
    clock.advance(250);
    const second = prober.wait(pbx, { timeoutMs: 5_000 });
    expect(script.starts).toEqual([0, 250]); // no extra probe for the second wait
    await script.answer(false);
    clock.advance(250);
    await script.answer(false);
    clock.advance(100);
    expect(await first).toEqual({ reachable: false, probes: 3 });
    clock.advance(150);
    await script.answer(true);
    expect(await second).toEqual({ reachable: true, probes: 3 });
  });

  it('an aborted wait rejects with the abort reason and stops the probe under way; close ends the others with reachable: false', async () => {
    const clock = new FakeClock();
    const script = scriptedConnect(clock);
    const prober = createReachabilityProber({ connect: script.connect, clock, random: () => 0, curve });
    const controller = new AbortController();
    const aborted = prober.wait(pbx, { timeoutMs: 5_000, signal: controller.signal });
    clock.advance(0);
    controller.abort(new Error('signed out'));
    await expect(aborted).rejects.toThrow('signed out');
    expect(script.signals[0]!.aborted).toBe(true);
    expect(clock.pending).toBe(0); // nothing left probing for nobody
    await expect(prober.wait(pbx, { timeoutMs: 5_000, signal: controller.signal })).rejects.toThrow('signed out');
    const open = prober.wait(pbx, { timeoutMs: 5_000 });
    prober.close();
    expect(await open).toEqual({ reachable: false, probes: 0 });
    expect(clock.pending).toBe(0);
  });
});

describe('sipProbeTarget', () => {
  it.each([
    ['wss://pbx.example:8089/ws', { host: 'pbx.example', port: 8089, url: 'wss://pbx.example:8089/ws' }],
    ['wss://pbx.example/ws', { host: 'pbx.example', port: 443, url: 'wss://pbx.example/ws' }],
    ['ws://127.0.0.1/ws', { host: '127.0.0.1', port: 80, url: 'ws://127.0.0.1/ws' }],
    ['ws://[::1]:5066/ws', { host: '::1', port: 5066, url: 'ws://[::1]:5066/ws' }],
    ['https://pbx.example/ws', null],
    ['not a url', null],
  ])('%s → %o', (url, target) => {
    expect(sipProbeTarget(url)).toEqual(target);
  });
});
