// Bundled for Chromium by bench/lib/call-page.ts: the app's real Phone with
// timestamps of what the call benchmarks measure, on the page's clock
// (performance.timeOrigin + performance.now(), comparable with Node's on the
// same machine). Peer connections are recorded so the first RTP packet each
// way can be seen in getStats.
import { Web } from 'sip.js';
import { Phone, type PhoneOptions } from '../../renderer/src/phone';

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
let registeredAt: number | null = null;

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
  async start(options: PhoneOptions): Promise<void> {
    phone = new Phone(options);
    phone.on('registration', (r) => {
      if (r.kind === 'registered') registeredAt ??= now();
    });
    phone.on('call', ({ state }) => {
      const t = now();
      if (state.kind === 'ringing' || state.kind === 'answering') timings.invite ??= t;
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
  timings: (): CallTimings => ({ ...timings }),
  registration: (): string => phone?.registration.kind ?? 'none',
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
