// Bundled for Chromium by the JsSIP test: a second, independent SIP stack
// (JsSIP from npm) that registers with the HA1, answers calls carrying
// P-Auto-Answer (as an auto-answer softphone would), measures what it hears
// with an AnalyserNode (RMS) and exposes its state on `window.jssipPage`.
import * as JsSIP from 'jssip';
import type { EndEvent, RTCSession } from 'jssip/lib/RTCSession';
import type { IncomingRequest } from 'jssip/lib/SIPMessage';
import type { RegisteredEvent, UnRegisteredEvent } from 'jssip/lib/UA';

export interface JsSipPageConfig {
  wsUrl: string;
  uri: string;
  user: string;
  ha1: string;
  realm: string;
  /** JsSIP's own debug log on the page console (INTEROP_DEBUG=1). */
  debug?: boolean;
}

export interface JsSipPageState {
  registered: boolean;
  registrationFailures: string[];
  /** Contact header of our REGISTER's 200 OK, as the registrar returned it. */
  registeredContact?: string;
  invites: Array<{ from: string; autoAnswer?: string; cti?: string }>;
  /** Session events in order: progress, accepted, confirmed, ended:<cause>, failed:<cause>. */
  events: string[];
  heardPeakRms: number;
  packetsReceived: number;
  packetsSent: number;
}

const state: JsSipPageState = { registered: false, registrationFailures: [], invites: [], events: [], heardPeakRms: 0, packetsReceived: 0, packetsSent: 0 };
let ua: JsSIP.UA | undefined;
let current: RTCSession | undefined;
let meter: number | undefined;

function start(config: JsSipPageConfig): void {
  if (config.debug) JsSIP.debug.enable('JsSIP:*');
  ua = new JsSIP.UA({
    sockets: [new JsSIP.WebSocketInterface(config.wsUrl)],
    uri: config.uri,
    authorization_user: config.user,
    // HA1 + realm: JsSIP never needs the password.
    ha1: config.ha1,
    realm: config.realm,
    register: true,
    register_expires: 300,
  });
  ua.on('registered', (event: RegisteredEvent) => {
    state.registered = true;
    state.registeredContact = event.response.getHeader('Contact');
  });
  ua.on('registrationFailed', (event: UnRegisteredEvent) => state.registrationFailures.push(`${event.cause}${event.response ? ` ${event.response.status_code}` : ''}`));
  ua.on('unregistered', () => (state.registered = false));
  ua.on('newRTCSession', (event: { originator: string; session: RTCSession; request: IncomingRequest }) => {
    if (event.originator !== 'remote') return;
    const session = event.session;
    const request = event.request;
    const autoAnswer = request.getHeader('P-Auto-Answer');
    const cti = request.getHeader('X-CTI');
    state.invites.push({ from: request.from.uri.user, ...(autoAnswer ? { autoAnswer } : {}), ...(cti ? { cti } : {}) });
    current = session;
    session.on('progress', () => state.events.push('progress'));
    session.on('accepted', () => state.events.push('accepted'));
    session.on('confirmed', () => {
      state.events.push('confirmed');
      startMeter(session);
    });
    session.on('ended', (e: EndEvent) => {
      state.events.push(`ended:${e.originator}:${e.cause}`);
      stopMeter();
    });
    session.on('failed', (e: EndEvent) => {
      state.events.push(`failed:${e.originator}:${e.cause}`);
      stopMeter();
    });
    if (autoAnswer === 'normal') {
      session.answer({ mediaConstraints: { audio: true, video: false }, pcConfig: { iceServers: [] } });
    }
  });
  ua.start();
}

function startMeter(session: RTCSession): void {
  const pc = session.connection;
  const receiver = pc.getReceivers().find((r) => r.track.kind === 'audio');
  if (!receiver) return;
  const stream = new MediaStream([receiver.track]);
  // Chromium feeds remote WebRTC audio to Web Audio only while it also plays somewhere.
  const element = new Audio();
  element.srcObject = stream;
  element.muted = true;
  void element.play().catch(() => undefined);
  const context = new AudioContext();
  void context.resume();
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  meter = window.setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    state.heardPeakRms = Math.max(state.heardPeakRms, Math.sqrt(sum / samples.length));
    void pc.getStats().then((report) => {
      report.forEach((entry: { type?: string; kind?: string; packetsReceived?: number; packetsSent?: number }) => {
        if (entry.type === 'inbound-rtp' && entry.kind === 'audio') state.packetsReceived = entry.packetsReceived ?? 0;
        if (entry.type === 'outbound-rtp' && entry.kind === 'audio') state.packetsSent = entry.packetsSent ?? 0;
      });
    });
  }, 100);
}

function stopMeter(): void {
  if (meter !== undefined) window.clearInterval(meter);
  meter = undefined;
}

function hangUp(): void {
  current?.terminate();
}

/** Answers (or rejects with 486) the ringing call, for calls without P-Auto-Answer. */
function answer(): void {
  current?.answer({ mediaConstraints: { audio: true, video: false }, pcConfig: { iceServers: [] } });
}

function reject(): void {
  current?.terminate({ status_code: 486, reason_phrase: 'Busy Here' });
}

/** DTMF the JsSIP way: SIP INFO with application/dtmf-relay (its default). */
function sendDtmf(tones: string): void {
  current?.sendDTMF(tones, { duration: 120, interToneGap: 70 });
}

/** Hold/resume by re-INVITE (JsSIP's default); resolves when the far end answered. */
function hold(on: boolean): Promise<boolean> {
  const session = current;
  if (!session) return Promise.resolve(false);
  return new Promise((resolve) => {
    // JsSIP calls `done` only on success: give up after 10 s so a failed re-INVITE fails the test, not hangs it.
    const timer = window.setTimeout(() => resolve(false), 10_000);
    const done = (): void => {
      window.clearTimeout(timer);
      resolve(true);
    };
    const started = on ? session.hold({}, done) : session.unhold({}, done);
    if (!started) {
      window.clearTimeout(timer);
      resolve(false);
    }
  });
}

function stop(): void {
  stopMeter();
  ua?.stop();
}

declare global {
  interface Window {
    jssipPage: { start: typeof start; state: JsSipPageState; hangUp: typeof hangUp; answer: typeof answer; reject: typeof reject; sendDtmf: typeof sendDtmf; hold: typeof hold; stop: typeof stop };
  }
}
window.jssipPage = { start, state, hangUp, answer, reject, sendDtmf, hold, stop };
