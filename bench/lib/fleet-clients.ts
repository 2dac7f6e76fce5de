// The phones of bench/fleet-reconnect, all in this Node process, all real SIP
// stacks over the `ws` package (one WebSocket each, counted when opened):
// - `app`: the app's own Phone (renderer/src/phone: its registration keeper,
//   reconnector, return spread and keep-alives, as use-phone.ts builds it),
//   with a reachability port backed by main's prober and TCP connect
//   (main/services/connectivity), one prober per phone as each agent's main
//   has its own; probes counted apart;
// - `jssip`: JsSIP 3's UA with its default reconnection (2 s, then a random
//   1…2ⁿ s clamped to 2–30 s);
// - `simple-user`: sip.js's Web.SimpleUser with its defaults (3 attempts: at
//   once, then 4 s apart; then it gives up).
import { createHash } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import JsSIP from 'jssip';
import { Web } from 'sip.js';
import { WebSocket } from 'ws';
import { createReachabilityProber, sipProbeTarget, tcpConnect } from '../../main/services/connectivity';
import { Phone, silentMedia } from '../../renderer/src/phone';
import type { SipSocket } from '../../renderer/src/phone/connection/ws-transport';

export type Variant = 'app' | 'jssip' | 'simple-user';
export const VARIANTS: readonly Variant[] = ['app', 'jssip', 'simple-user'];

export const VARIANT_NOTES: Record<Variant, string> = {
  app: "the app's Phone with main's prober (TCP connects), real",
  jssip: 'JsSIP 3.13 UA, default recovery (2 s → 30 s, jittered), real',
  'simple-user': 'sip.js 0.21 Web.SimpleUser defaults (3 attempts 4 s apart, then gives up), real',
};

export interface FleetAgent {
  readonly agent: string;
  readonly phone: string;
  readonly password: string;
}

/** Times (ms, this process's clock) of each WebSocket opened and each TCP probe made. */
export interface FleetCounters {
  readonly webSockets: number[];
  readonly probes: number[];
}

export interface FleetPhone {
  /** When each registration (a 200 to REGISTER after none or a lost one) arrived. */
  readonly registeredAt: number[];
  registered(): boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const clock = (): number => performance.timeOrigin + performance.now();

const ha1 = (phone: string, password: string): string => createHash('md5').update(`${phone}:asterisk:${password}`).digest('hex');
const quiet = (): void => undefined;

/** `ws`'s WebSocket that notes when each one is opened (for the app's transport, and as the global JsSIP and SimpleUser use). */
function countingWebSocket(counters: FleetCounters): new (url: string, protocol?: string | string[]) => WebSocket {
  return class CountingWebSocket extends WebSocket {
    constructor(url: string, protocol?: string | string[]) {
      super(url, protocol);
      counters.webSockets.push(clock());
    }
  };
}

function appPhone(a: FleetAgent, wsUrl: string, counters: FleetCounters): FleetPhone {
  const target = sipProbeTarget(wsUrl);
  if (!target) throw new Error(`${wsUrl} is not a ws:// address`);
  const prober = createReachabilityProber({
    connect: (t, options) => {
      counters.probes.push(clock());
      return tcpConnect(t, options);
    },
  });
  const Socket = countingWebSocket(counters);
  const phone = new Phone({
    credentials: { uri: `sip:${a.phone}@127.0.0.1`, authorizationUsername: a.phone, authorizationHa1: ha1(a.phone, a.password), wsUrl, realm: 'asterisk', displayName: a.agent },
    media: silentMedia,
    log: quiet,
    // As use-phone.ts: the page's wait is main's phone.waitSipReachable (the bridge passes no abort).
    reachability: { waitReachable: async (timeoutMs) => (await prober.wait(target, { timeoutMs })).reachable },
    sip: { transportOptions: { socketFactory: (url: string, protocol: string) => new Socket(url, protocol) as unknown as SipSocket } },
  });
  const registeredAt: number[] = [];
  phone.on('registration', (state) => {
    if (state.kind === 'registered') registeredAt.push(clock());
  });
  return {
    registeredAt,
    registered: () => phone.registration.kind === 'registered',
    start: () => phone.start(),
    async stop() {
      await phone.stop();
      prober.close();
    },
  };
}

function jssipPhone(a: FleetAgent, wsUrl: string, counters: FleetCounters): FleetPhone {
  (globalThis as { WebSocket?: unknown }).WebSocket = countingWebSocket(counters);
  const ua = new JsSIP.UA({
    sockets: [new JsSIP.WebSocketInterface(wsUrl)],
    uri: `sip:${a.phone}@127.0.0.1`,
    authorization_user: a.phone,
    ha1: ha1(a.phone, a.password),
    realm: 'asterisk',
    register: true,
    session_timers: false,
  });
  const registeredAt: number[] = [];
  let registered = false;
  ua.on('registered', () => {
    registered = true;
    registeredAt.push(clock());
  });
  ua.on('unregistered', () => (registered = false));
  ua.on('registrationFailed', () => (registered = false));
  return {
    registeredAt,
    registered: () => registered,
    start: async () => ua.start(),
    async stop() {
      ua.stop();
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}

function simpleUserPhone(a: FleetAgent, wsUrl: string, counters: FleetCounters): FleetPhone {
  (globalThis as { WebSocket?: unknown }).WebSocket = countingWebSocket(counters);
  // SimpleUser's session manager listens for the page's online/unload events; Node has no window.
  if (!('window' in globalThis)) {
    const page = new EventTarget();
    setMaxListeners(0, page); // one `online` listener per SimpleUser
    (globalThis as { window?: unknown }).window = page;
  }
  const registeredAt: number[] = [];
  let registered = false;
  const user = new Web.SimpleUser(wsUrl, {
    aor: `sip:${a.phone}@127.0.0.1`,
    userAgentOptions: { authorizationUsername: a.phone, authorizationHa1: ha1(a.phone, a.password), logLevel: 'error', logBuiltinEnabled: false },
    delegate: {
      onRegistered: () => {
        registered = true;
        registeredAt.push(clock());
      },
      onUnregistered: () => (registered = false),
      onServerDisconnect: () => (registered = false),
    },
  });
  return {
    registeredAt,
    registered: () => registered,
    async start() {
      await user.connect();
      await user.register();
    },
    async stop() {
      await user.disconnect().catch(() => undefined);
    },
  };
}

export function createFleetPhone(variant: Variant, a: FleetAgent, wsUrl: string, counters: FleetCounters): FleetPhone {
  if (variant === 'app') return appPhone(a, wsUrl, counters);
  if (variant === 'jssip') return jssipPhone(a, wsUrl, counters);
  return simpleUserPhone(a, wsUrl, counters);
}
