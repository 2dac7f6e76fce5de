// The simulator's control API (docs/SIMULATOR.md) for the call benches, and
// the moment its customer first heard an agent: the leg facing the customer
// counts the RTP packets it received from that agent and stamps the last one
// (`levels.customerReceived`, the simulator's Date.now()).
import type { Simulator } from '../../simulator/index';
import { control } from '../../test/interop/support/sim-control';

/** The control API call the interop tests use, under the benches' name. */
export const simControl = control;

interface CallView {
  status: string;
  phone: string;
  parties?: { role: string; phone?: string; state: string }[];
  levels?: { customerReceived: { packets: number; lastPacketAt?: string } };
}

/** The packet time the simulator's G.711 legs and Chromium's sender use. */
const PACKET_MS = 20;

/**
 * When the customer of call `guid` first heard the agent on `phone` (epoch ms, the simulator's clock), or null if
 * not within `timeoutMs`. Only once that agent's party is up do the levels belong to its leg (before, a blind
 * transfer's record still shows the levels of the leg it replaces); the first packet is the last one's time less
 * the packets between them, so polling every few ms is enough.
 */
export async function whenCustomerHears(sim: Simulator, guid: string, phone: string, timeoutMs = 10_000): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const call = await simControl<CallView>(sim, 'GET', `/calls/${encodeURIComponent(guid)}`);
    if (call.status === 'ended') return null;
    const up = call.parties?.some((party) => party.role === 'agent' && party.phone === phone && party.state === 'up') ?? false;
    const heard = call.levels?.customerReceived;
    if (up && call.phone === phone && heard && heard.packets > 0 && heard.lastPacketAt) {
      return Date.parse(heard.lastPacketAt) - (heard.packets - 1) * PACKET_MS;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return null;
}
