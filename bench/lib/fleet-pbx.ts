// What bench/fleet-reconnect takes away and brings back: the simulator's SIP
// side (paused: every WebSocket dropped, connections refused; its event-loop
// lag readable) or a real Kamailio (stopped by pid and started again on the
// same ports: its registrations are gone, as after a PBX restart).
import { z } from 'zod';
import type { Kamailio } from '../../test/interop/kamailio/kamailio-server';
import type { SimulatorProcess } from './spawn-simulator';

const lagSchema = z.object({ p50Ms: z.number(), p99Ms: z.number(), maxMs: z.number(), meanMs: z.number() });
export type EventLoopLag = z.infer<typeof lagSchema>;

export interface FleetPbx {
  readonly name: 'simulator' | 'kamailio';
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** The simulator's event-loop lag since the last reset; null for a real registrar. */
  lag(): Promise<EventLoopLag | null>;
  resetLag(): Promise<void>;
  /** Phones bound now (of these), when the registrar can say. */
  bound(phones: ReadonlySet<string>): Promise<number | null>;
}

export function simulatorPbx(sim: SimulatorProcess): FleetPbx {
  return {
    name: 'simulator',
    pause: async () => void (await sim.control('POST', '/sip/pause')),
    resume: async () => void (await sim.control('POST', '/sip/resume')),
    lag: async () => lagSchema.parse(await sim.control('GET', '/bench/event-loop')),
    resetLag: async () => void (await sim.control('POST', '/bench/event-loop/reset')),
    async bound(phones) {
      const bindings = z.array(z.object({ phone: z.string() })).parse(await sim.control('GET', '/sip/registrations'));
      return new Set(bindings.map((b) => b.phone).filter((p) => phones.has(p))).size;
    },
  };
}

export function kamailioPbx(kamailio: Kamailio): FleetPbx {
  return {
    name: 'kamailio',
    pause: () => kamailio.halt(),
    resume: () => kamailio.startAgain(),
    lag: async () => null,
    resetLag: async () => undefined,
    bound: async () => null,
  };
}
