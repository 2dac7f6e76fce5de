// POST /__sim/restart: the platform restarts. The answer goes out first; then
// what a restart loses is lost (SimState.restart: tokens, logged-in flags, live
// calls; the SIP extension drops its connections and bindings), and the HTTP
// server — the API and this control API alike — refuses connections for
// `downSeconds` before it listens again on the same port.
//
//   up ──POST /__sim/restart──▶ answered ──▶ down (HTTP and SIP refuse) ──downSeconds──▶ up
//                                             └── a second restart meanwhile: 409
import { z } from 'zod';
import type { SimState } from '../state/sim-state';
import type { ControlRouter } from './control-router';

const restartSchema = z.strictObject({
  downSeconds: z.number().int().min(0).max(300).default(0),
  mode: z.enum(['crash', 'graceful']).default('crash'),
});

export interface RestartableHttp {
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
  listen(): Promise<void>;
}

export interface RestartControl {
  /** The simulator is closing: no listening again. */
  close(): void;
}

export function addRestartRoute(router: ControlRouter, state: SimState, http: RestartableHttp, log: (line: string) => void): RestartControl {
  let restarting = false;
  let closed = false;
  let upTimer: NodeJS.Timeout | undefined;

  const comeBack = async (): Promise<void> => {
    upTimer = undefined;
    if (closed) return;
    try {
      await http.listen();
    } catch (error) {
      log(`listening again after the restart failed: ${(error as Error).message}`);
    }
    restarting = false;
  };

  const restart = async (mode: 'crash' | 'graceful', downMs: number): Promise<void> => {
    state.restart({ mode, downMs });
    await http.close();
    if (closed) return;
    upTimer = setTimeout(() => void comeBack(), downMs);
  };

  router.route('POST', '/__sim/restart', ({ body }) => {
    const parsed = restartSchema.safeParse(body ?? {});
    if (!parsed.success) return { status: 400, json: { error: `restart takes {downSeconds?: 0..300, mode?: "crash" | "graceful"}: ${z.prettifyError(parsed.error)}` } };
    if (restarting) return { status: 409, json: { error: 'A restart is still in progress.' } };
    restarting = true;
    const { mode, downSeconds } = parsed.data;
    const downMs = downSeconds * 1000;
    return {
      status: 202,
      json: { restarting: true, mode, downSeconds, upAt: new Date(Date.now() + downMs).toISOString() },
      afterSend: () => void restart(mode, downMs).catch((error: unknown) => log(`the restart failed: ${(error as Error).message}`)),
    };
  });

  return {
    close() {
      closed = true;
      if (upTimer) clearTimeout(upTimer);
      upTimer = undefined;
    },
  };
}
