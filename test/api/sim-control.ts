import type { Simulator } from '../../simulator/index';

// Talks to the simulator's control API (docs/SIMULATOR.md) from tests.

export async function control(sim: Simulator, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${sim.control.url}${path}`, {
    method,
    headers: { 'x-sim-secret': sim.control.secret, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`control ${method} ${path}: HTTP ${response.status} ${await response.text()}`);
  return response.headers.get('content-type')?.includes('json') ? response.json() : response.text();
}

export interface SimStateView {
  sessions: unknown[];
  agents: { name: string; accountcode?: string }[];
  queueMembers: { membername: string; queueName: string }[];
  calls: { guid: string; phone: string; status?: string }[];
  dialerTasks: { campaign?: string; destination?: string; call?: { campaign: string; destination: string } }[];
  lists: { id: number | string; campaign: string; cant?: number; records?: number; filename?: string }[];
  dispositions: { guid: string; l1: string; d1?: string; tag?: string }[];
  logouts: { agent: string; message?: string }[];
  requests: { operation: string; result: string; fault?: string }[];
}

export const simState = async (sim: Simulator) => (await control(sim, 'GET', '/state')) as SimStateView;
export const resetSim = (sim: Simulator) => control(sim, 'POST', '/reset');
export const injectFault = (sim: Simulator, operation: string, kind: string, delayMs?: number) =>
  control(sim, 'POST', '/faults', { operation, kind, count: 1, ...(delayMs === undefined ? {} : { delayMs }) });
