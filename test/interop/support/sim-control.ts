// The simulator's control API from a test.
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

export interface SimCall {
  guid: string;
  status: string;
  endedBy?: string;
  cause?: string;
  levels?: { customerReceived: { packets: number; peakRms: number }; customerSent: { packets: number } };
}
