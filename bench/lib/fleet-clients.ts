// The phones of bench/fleet-reconnect, all in this Node process, all real SIP
// stacks over the `ws` package (one WebSocket each, counted when opened):
// - `app`: the app's own Phone with main's prober of the SIP service
//   (fleet-app-phone.ts); probes counted apart;
// - `jssip`: JsSIP 3's UA with its default reconnection (2 s, then a random
//   1…2ⁿ s clamped to 2–30 s);
// - `simple-user`: sip.js's Web.SimpleUser with its defaults (3 attempts: at
//   once, then 4 s apart; then it gives up).
import { setMaxListeners } from 'node:events';
import JsSIP from 'jssip';
import { Web } from 'sip.js';
import { WebSocket } from 'ws';
import { appPhone, clock, ha1, type FleetAgent, type FleetCounters, type FleetPhone } from './fleet-app-phone';

export { clock, ha1, newCounters, type FleetAgent, type FleetCounters, type FleetPhone, type ShedRecord } from './fleet-app-phone';

export type Variant = 'app' | 'jssip' | 'simple-user';
export const VARIANTS: readonly Variant[] = ['app', 'jssip', 'simple-user'];

export const VARIANT_NOTES: Record<Variant, string> = {
  app: "the app's Phone with main's prober (WebSocket upgrade selecting sip, on the reconnect curve), real",
  jssip: 'JsSIP 3.13 UA, default recovery (2 s → 30 s, jittered), real',
  'simple-user': 'sip.js 0.21 Web.SimpleUser defaults (3 attempts 4 s apart, then gives up), real',
};

/** `ws`'s WebSocket that notes when each one is opened (for the app's transport, and as the global JsSIP and SimpleUser use). */
function countingWebSocket(counters: FleetCounters): new (url: string, protocol?: string | string[]) => WebSocket {
  return class CountingWebSocket extends WebSocket {
    constructor(url: string, protocol?: string | string[]) {
      super(url, protocol);
      counters.webSockets.push(clock());
    }
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
    reachableAt: [],
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
    reachableAt: [],
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

export function createFleetPhone(variant: Variant, a: FleetAgent, wsUrl: string, counters: FleetCounters, domain = '127.0.0.1'): FleetPhone {
  if (variant === 'app') return appPhone(a, wsUrl, domain, counters);
  if (variant === 'jssip') return jssipPhone(a, wsUrl, counters);
  return simpleUserPhone(a, wsUrl, counters);
}
