// The simulator's control API from a test, and bounded polling.
import type { Simulator } from '../../../simulator/index';

export async function control<T>(sim: Simulator, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${sim.control.url}${path}`, {
    method,
    headers: { 'x-sim-secret': sim.control.secret, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} /__sim${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Polls `read` every 50 ms until `check` passes (bounded), returning the last value; the error names what did not happen. */
export async function until<T>(what: string, read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting until ${what}; last seen: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await read();
  }
  return last;
}

export interface SimCall {
  guid: string;
  status: string;
  endedBy?: string;
  cause?: string;
  levels?: { customerReceived: { packets: number; peakRms: number }; customerSent: { packets: number } };
}
