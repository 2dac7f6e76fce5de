// Bundled for Chromium by bench/lib/call-page.ts: the app's real Phone with
// timestamps of what the call benchmarks measure, on the page's clock
// (performance.timeOrigin + performance.now(), comparable with Node's on the
// same machine). Peer connections are recorded so the first RTP packet each
// way can be seen in getStats.
import { Web } from 'sip.js';
import { Phone, type PhoneOptions } from '../../renderer/src/phone';
import { installTransferActions } from './transfer-actions';

export interface CallTimings {
  invite: number | null;
  established: number | null;
  firstAudioIn: number | null;
  firstAudioOut: number | null;
  /** ICE connected and DTLS (connectionState) connected, to see where the time goes. */
  iceConnected: number | null;
  dtlsConnected: number | null;
  ended: number | null;
}

const now = (): number => performance.timeOrigin + performance.now();
const connections: RTCPeerConnection[] = [];
// Every WebSocket the page opens, counted: Chromium throttles a page that keeps failing to open them.
let webSocketsOpened = 0;
const NativeWebSocket = window.WebSocket;
window.WebSocket = class extends NativeWebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols);
    webSocketsOpened += 1;
  }
} as typeof WebSocket;
const Native = window.RTCPeerConnection;
window.RTCPeerConnection = class extends Native {
  constructor(config?: RTCConfiguration) {
    super(config);
    connections.push(this);
    this.addEventListener('iceconnectionstatechange', () => {
      if (this.iceConnectionState === 'connected' || this.iceConnectionState === 'completed') timings.iceConnected ??= now();
    });
    this.addEventListener('connectionstatechange', () => {
      if (this.connectionState === 'connected') timings.dtlsConnected ??= now();
    });
  }
} as typeof RTCPeerConnection;

let phone: Phone | null = null;
const live = (): Phone => {
  if (!phone) throw new Error('start() the phone first');
  return phone;
};
const EMPTY: CallTimings = { invite: null, established: null, firstAudioIn: null, firstAudioOut: null, iceConnected: null, dtlsConnected: null, ended: null };
let timings: CallTimings = { ...EMPTY };
let answerOnRing = false;
let registeredAt: number | null = null;
/** Page-clock times the phone registered again after losing its connection or a network change, and lost its registration. */
const registeredAgainAt: number[] = [];
const registrationLostAt: number[] = [];
/** Audio packets per quality sample of the current call, with the sample's time. */
let audioSamples: { at: number; packets: number }[] = [];

/** Options the bench cannot pass as plain data: main's probe of the SIP server, exposed by the bench process. */
export interface BenchPhoneExtras {
  readonly mainProbe?: boolean;
}

declare global {
  interface Window {
    /** Exposed by the bench (bench/lib/main-probe.ts): main's TCP probe of the SIP server. */
    benchWaitReachable?: (timeoutMs: number, outageMs: number) => Promise<boolean>;
  }
}

async function watchFirstPackets(pc: RTCPeerConnection, deadline: number): Promise<void> {
  while (now() < deadline && (timings.firstAudioIn === null || timings.firstAudioOut === null)) {
    const report = await pc.getStats();
    const t = now();
    report.forEach((s: { type: string; kind?: string; packetsReceived?: number; packetsSent?: number }) => {
      if (s.type === 'inbound-rtp' && s.kind === 'audio' && (s.packetsReceived ?? 0) > 0) timings.firstAudioIn ??= t;
      if (s.type === 'outbound-rtp' && s.kind === 'audio' && (s.packetsSent ?? 0) > 0) timings.firstAudioOut ??= t;
    });
    await new Promise((r) => setTimeout(r, 2));
  }
}

const bench = {
  async start(options: PhoneOptions, extras: BenchPhoneExtras = {}): Promise<void> {
    const probe = window.benchWaitReachable;
    phone = new Phone(extras.mainProbe && probe ? { ...options, reachability: { waitReachable: (timeoutMs, _signal, outageMs) => probe(timeoutMs, outageMs) } } : options);
    phone.on('registeredAgain', () => registeredAgainAt.push(now()));
    phone.on('registration', (r) => r.kind !== 'registered' && registrationLostAt.push(now()));
    phone.on('quality', ({ sample }) => audioSamples.push({ at: now(), packets: sample.packetsInInterval }));
    phone.on('registration', (r) => {
      if (r.kind === 'registered') registeredAt ??= now();
    });
    phone.on('call', ({ state }) => {
      const t = now();
      if (state.kind === 'ringing' || state.kind === 'answering') timings.invite ??= t;
      // An agent who answers the instant it rings (a customer's call carries no auto-answer).
      if (state.kind === 'ringing' && answerOnRing) void live().answer();
      if (state.kind === 'active' && timings.established === null) {
        timings.established = t;
        const pc = connections.at(-1);
        if (pc) void watchFirstPackets(pc, t + 5_000);
      }
      if (state.kind === 'ended') timings.ended ??= t;
    });
    await phone.start();
  },
  expect(destination: string): void {
    timings = { ...EMPTY };
    live().expectCall(destination);
  },
  /** The next calls are answered as soon as they ring (customer calls: no Make Call to expect). */
  answerWhenRinging(): void {
    timings = { ...EMPTY };
    answerOnRing = true;
  },
  timings: (): CallTimings => ({ ...timings }),
  registration: (): string => phone?.registration.kind ?? 'none',
  /** What an outage did: registrations after it, WebSockets opened, and the current call as the phone sees it. */
  outage: () => ({
    registeredAgainAt: [...registeredAgainAt],
    registrationLostAt: [...registrationLostAt],
    webSocketsOpened,
    audioSamples: [...audioSamples],
    call: phone?.call ? { state: phone.call.state.kind, media: phone.call.mediaHealth.kind, guid: phone.call.info.cti?.Guid ?? null } : null,
  }),
  clearOutage(): void {
    registeredAgainAt.length = 0;
    registrationLostAt.length = 0;
    webSocketsOpened = 0;
    audioSamples = [];
  },
  /** When the phone last became registered (page clock), after clearRegistered(). */
  registeredAt: (): number | null => registeredAt,
  clearRegistered(): void {
    registeredAt = null;
  },
  async hangUp(): Promise<void> {
    await live().hangUp();
    connections.length = 0;
  },
  stop: () => live().stop(),
  /** The reference for bench/reregister: sip.js's SimpleUser with its default reconnection (3 tries, 4 s apart). */
  async startSimpleUser(creds: PhoneOptions['credentials']): Promise<void> {
    simpleUser = new Web.SimpleUser(creds.wsUrl, {
      aor: creds.uri,
      userAgentOptions: { authorizationUsername: creds.authorizationUsername, authorizationHa1: creds.authorizationHa1, logLevel: 'error' },
    });
    await simpleUser.connect();
    await simpleUser.register();
  },
  stopSimpleUser: async (): Promise<void> => {
    await simpleUser?.disconnect().catch(() => undefined);
  },
};
let simpleUser: Web.SimpleUser | null = null;

declare global {
  interface Window {
    bench: typeof bench;
  }
}
window.bench = bench;
installTransferActions(live);
