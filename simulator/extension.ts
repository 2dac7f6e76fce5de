// The seam through which other parts of the simulator (the SIP side) plug in:
// they get the live state and may add control routes. Keep these types stable.
import type { SimState } from './state/sim-state';
import type { ControlHandler } from './control/control-types';

export type { SimState };
export type { ControlHandler, ControlRequest, ControlReply } from './control/control-types';

export interface ExtensionContext {
  /** the live state, with typed events (see state/events.ts) */
  state: SimState;
  /** the loopback address the simulator listens on, e.g. 127.0.0.1 */
  host: string;
  /** the HTTP API's base URL, e.g. http://127.0.0.1:8480 */
  baseUrl: string;
  /** this run's data directory (deleted on close when the simulator created it) */
  dataDir: string;
  control: { route(method: 'GET' | 'POST' | 'DELETE', path: string, handler: ControlHandler): void };
}

export interface SimulatorExtension {
  name: string;
  /** `ready` is merged into the ready line (e.g. `{ sip: { ws, wss, caCertFile } }`). */
  start(ctx: ExtensionContext): Promise<{ ready?: Record<string, unknown>; close(): Promise<void> }>;
}
