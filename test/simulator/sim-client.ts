// Raw HTTP helpers for the simulator's tests: form POSTs and control calls,
// written against the spec and docs/SIMULATOR.md (not the app's client).
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../simulator/index';
import { operationPaths, type OperationId } from '../../simulator/operations/operation-ids';

export interface TextAnswer {
  status: number;
  contentType: string;
  text: string;
}

export async function startTestSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  return startSimulator({ port: 0, ...options });
}

export interface SimulatorPerFile {
  sim: Simulator;
  /** A client token issued after each reset (when asked for); a test may replace it. */
  token: string;
}

/** One simulator for the test file, reset before each test; with `withToken`, a client token too. */
export function simulatorPerFile({ withToken = false } = {}): SimulatorPerFile {
  const env: Partial<SimulatorPerFile> = {};
  const started = (): Simulator => {
    if (!env.sim) throw new Error('the simulator did not start (see beforeAll)');
    return env.sim;
  };
  beforeAll(async () => {
    env.sim = await startTestSimulator();
  });
  afterAll(async () => {
    await env.sim?.close();
  });
  beforeEach(async () => {
    await control(started(), 'POST', '/reset');
    if (withToken) env.token = await clientToken(started());
  });
  return env as SimulatorPerFile;
}

export async function post(sim: Simulator, op: OperationId, fields?: Record<string, string>, token?: string): Promise<TextAnswer> {
  const headers: Record<string, string> = {};
  if (fields) headers['content-type'] = 'application/x-www-form-urlencoded';
  if (token) headers.authorization = `Basic ${token}`;
  const res = await fetch(sim.baseUrl + operationPaths[op], {
    method: 'POST',
    headers,
    body: fields ? new URLSearchParams(fields).toString() : undefined,
  });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
}

export async function clientToken(sim: Simulator): Promise<string> {
  const { user, password } = sim.ready.credentials.apiUser;
  const answer = await post(sim, 'clientAuth', { user, password });
  if (answer.text === '0') throw new Error('client authentication failed in a test');
  return answer.text;
}

export async function control(sim: Simulator, method: string, path: string, body?: unknown, secret = sim.control.secret): Promise<{ status: number; json: unknown; text: string }> {
  const res = await fetch(`${sim.control.url}${path}`, {
    method,
    headers: { 'x-sim-secret': secret, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

export interface StateView {
  sessions: { token: string; kind: string; subject: string }[];
  agents: { accountcode: string; name: string; loggedIn: boolean; md5secret: string; origin: string }[];
  queueMembers: { membername: string; queueName: string; interface1: string }[];
  calls: { guid: string; phone: string; status: string; endedBy?: string; origin: string; destination: string; campaign: string }[];
  dialerTasks: { id: number; campaign: string; destination: string; status: string; receivedAt: string; dueAt: string; calldate: string | null }[];
  lists: { id: number; filename: string; campaign: string; cant: number; lines: number; records: number; hasHeader: boolean; bytes: number; path: string }[];
  dispositions: { guid: string; params: Record<string, string>; received: number; knownCall: boolean }[];
  logouts: { agent: string; interface: string; message: string }[];
  requests: { operation: string; result: string; fault?: string; reason?: string }[];
}

export async function simState(sim: Simulator): Promise<StateView> {
  const { status, json } = await control(sim, 'GET', '/state');
  if (status !== 200) throw new Error(`GET /__sim/state answered ${status}`);
  return json as StateView;
}
