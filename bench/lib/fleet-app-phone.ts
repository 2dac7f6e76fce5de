// The app's phone for bench/fleet-reconnect, wired as the app wires it: the
// renderer's Phone (registration keeper, reconnector, keep-alives) and, as
// its reachability port, main's prober with the app's probe of the SIP
// service (a WebSocket upgrade selecting `sip`), given the outage's length
// and stopped when the page drops a wait (as use-phone.ts and
// phone.waitSipReachable do; one prober per phone, as each agent has its own
// main). Counted: every TCP connect of main's probes, the probes that got
// past TCP (an HTTP upgrade was sent), every WebSocket the page opened, and
// each 503 to a REGISTER with the time of that phone's next REGISTER (did it
// honour Retry-After?).
import { createHash } from 'node:crypto';
import { WebSocket } from 'ws';
import { createReachabilityProber, sipProbeTarget, sipUpgradeProbe } from '../../main/services/connectivity';
import { Phone, silentMedia } from '../../renderer/src/phone';
import type { SipSocket } from '../../renderer/src/phone/connection/ws-transport';

export interface FleetAgent {
  readonly agent: string;
  readonly phone: string;
  readonly password: string;
}

/** A REGISTER refused with 503: when, the Retry-After it carried, and when that phone sent its next REGISTER. */
export interface ShedRecord {
  readonly at: number;
  readonly retryAfterS: number | null;
  nextRegisterAt: number | null;
}

/** Times (ms, this process's clock) of what the phones did. */
export interface FleetCounters {
  readonly webSockets: number[];
  /** Every TCP connect main's probes made. */
  readonly probes: number[];
  /** Probes that got past TCP (something accepted): an HTTP upgrade went out. Filed at the probe's start, like `probes`. */
  readonly probeUpgrades: number[];
  readonly sheds: ShedRecord[];
}

export const newCounters = (): FleetCounters => ({ webSockets: [], probes: [], probeUpgrades: [], sheds: [] });

export interface FleetPhone {
  /** When each registration (a 200 to REGISTER after none or a lost one) arrived. */
  readonly registeredAt: number[];
  /** When main's probe said the SIP service answers (app phone only): the schedule's part of the return, before any CPU of either side. */
  readonly reachableAt: number[];
  registered(): boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const clock = (): number => performance.timeOrigin + performance.now();
export const ha1 = (phone: string, password: string): string => createHash('md5').update(`${phone}:asterisk:${password}`).digest('hex');

const text = (data: unknown): string => (typeof data === 'string' ? data : Buffer.isBuffer(data) ? data.toString('utf8') : data instanceof ArrayBuffer ? Buffer.from(data).toString('utf8') : '');

/** A `ws` socket in the shape the phone's transport takes, counting it, its REGISTERs and the 503s to them. */
function countedSocket(url: string, protocol: string, counters: FleetCounters, pending: { shed: ShedRecord | null }): SipSocket {
  const socket = new WebSocket(url, protocol);
  counters.webSockets.push(clock());
  socket.addEventListener('message', (event) => {
    const message = text(event.data);
    if (!message.startsWith('SIP/2.0 503') || !/\r\nCSeq:\s*\d+\s+REGISTER/i.test(message)) return;
    const retryAfter = /\r\nRetry-After:\s*(\d+)/i.exec(message)?.[1];
    const record: ShedRecord = { at: clock(), retryAfterS: retryAfter === undefined ? null : Number(retryAfter), nextRegisterAt: null };
    counters.sheds.push(record);
    pending.shed = record;
  });
  return {
    get readyState() {
      return socket.readyState;
    },
    get binaryType() {
      return socket.binaryType;
    },
    set binaryType(value: string) {
      socket.binaryType = value === 'arraybuffer' ? 'arraybuffer' : 'nodebuffer';
    },
    send(data) {
      if (pending.shed && data.startsWith('REGISTER ')) {
        pending.shed.nextRegisterAt = clock();
        pending.shed = null;
      }
      socket.send(data);
    },
    close: (code) => socket.close(code),
    addEventListener: (type, listener) => socket.addEventListener(type, (event) => listener('data' in event ? { data: event.data } : {})),
  };
}

export function appPhone(a: FleetAgent, wsUrl: string, domain: string, counters: FleetCounters): FleetPhone {
  const target = sipProbeTarget(wsUrl);
  if (!target) throw new Error(`${wsUrl} is not a ws:// address`);
  const prober = createReachabilityProber({
    connect: (t, options) => {
      // A probe's outcome is filed at its start, so one begun just before the PBX came back counts in the same window as its probe.
      const startedAt = clock();
      counters.probes.push(startedAt);
      return sipUpgradeProbe(t, { ...options, onOutcome: (outcome) => outcome !== 'refused' && counters.probeUpgrades.push(startedAt) });
    },
  });
  const pending: { shed: ShedRecord | null } = { shed: null };
  const reachableAt: number[] = [];
  const phone = new Phone({
    credentials: { uri: `sip:${a.phone}@${domain}`, authorizationUsername: a.phone, authorizationHa1: ha1(a.phone, a.password), wsUrl, realm: 'asterisk', displayName: a.agent },
    media: silentMedia,
    log: () => undefined,
    // As use-phone.ts and phone.waitSipReachable: the outage's length goes along, a dropped wait stops main's probing.
    reachability: {
      waitReachable: async (timeoutMs, signal, outageMs) => {
        try {
          const { reachable } = await prober.wait(target, { timeoutMs, signal, outageMs });
          if (reachable) reachableAt.push(clock());
          return reachable;
        } catch {
          return false;
        }
      },
    },
    sip: { transportOptions: { socketFactory: (url: string, protocol: string) => countedSocket(url, protocol, counters, pending) } },
  });
  const registeredAt: number[] = [];
  phone.on('registration', (state) => {
    if (state.kind === 'registered') registeredAt.push(clock());
  });
  return {
    registeredAt,
    reachableAt,
    registered: () => phone.registration.kind === 'registered',
    start: () => phone.start(),
    async stop() {
      await phone.stop();
      prober.close();
    },
  };
}
