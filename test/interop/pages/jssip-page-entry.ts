// Bundled for Chromium by the JsSIP test: a second, independent SIP stack
// (JsSIP from npm) that registers with the HA1, answers calls carrying
// P-Auto-Answer (as an auto-answer softphone would), measures what it hears
// with an AnalyserNode (RMS) and exposes its state on `window.jssipPage`.
import * as JsSIP from 'jssip';
import type { EndEvent, RTCSession } from 'jssip/lib/RTCSession';
import type { IncomingRequest } from 'jssip/lib/SIPMessage';
import type { RegisteredEvent, UnRegisteredEvent } from 'jssip/lib/UA';
import { meterRemoteAudio } from '../../support/page-audio';

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
let meter: (() => void) | undefined;

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
  meter = meterRemoteAudio(session.connection, {
    level: (rms) => (state.heardPeakRms = Math.max(state.heardPeakRms, rms)),
    packets: ({ received, sent }) => {
      if (received !== undefined) state.packetsReceived = received;
      if (sent !== undefined) state.packetsSent = sent;
    },
  });
}

function stopMeter(): void {
  meter?.();
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
