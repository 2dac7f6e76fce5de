// The ground of the transfer tests: the whole simulator (HTTP API + SIP) with
// three agents signed in and their phones registered (sip.js in Node, each
// speaking its own pitch), a customer call placed to ana by the dialer, and
// small readers of the state.
import type { Session } from 'sip.js';
import { expect } from 'vitest';
import type { Simulator } from '../../../../simulator/index';
import { createSipExtension, type SipExtensionOptions } from '../../../../simulator/sip/sip-extension';
import { until } from '../../../support/poll-until';
import { control, post, startTestSimulator } from '../../sim-client';
import { referNotifies, type ReferNotify } from './sip-frames';
import { TestPhone, type IncomingCall } from './test-phone';

/** Pitches: the customer's tone is the simulator's (440 Hz), an outside number's 660 Hz; each agent's phone its own. */
export const TONE = { customer: 440, outside: 660, ana: 1000, bruno: 1300, carla: 1600 } as const;

export type AgentName = 'ana' | 'bruno' | 'carla';
const USERS: Record<AgentName, string> = { ana: 'ana.garcia', bruno: 'bruno.diaz', carla: 'carla.mendez' };
export const EXTENSION: Record<AgentName, string> = { ana: '1001', bruno: '1002', carla: '1003' };

export interface TransferBench {
  sim: Simulator;
  wsUrl: string;
  phones: Record<AgentName, TestPhone>;
  close(): Promise<void>;
}

export interface CallRecordView {
  guid: string;
  phone: string;
  agent: string;
  campaign: string;
  origin: string;
  status: string;
  endedBy?: string;
  cause?: string;
  destination: string;
  parties?: Array<{ role: string; number?: string; phone?: string; state: string; levels?: { received: { packets: number; peakRms: number } } }>;
  levels?: { customerReceived: { packets: number; peakRms: number } };
}

export interface TransferView {
  guid: string;
  kind: string;
  by: string;
  target?: string;
  referSub: boolean;
  response: number;
  notified: number[];
  outcome: string;
  result?: number;
  transfererLeg: string;
  consultation?: string;
}

export async function startTransferBench(options: SipExtensionOptions = {}): Promise<TransferBench> {
  const sim = await startTestSimulator({ extensions: [createSipExtension(options)] });
  const wsUrl = (sim.ready.sip as { ws: string }).ws;
  const started: TestPhone[] = [];
  try {
    const phones = {} as Record<AgentName, TestPhone>;
    for (const name of ['ana', 'bruno', 'carla'] as const) {
      const ha1 = await signIn(sim, name);
      phones[name] = await TestPhone.start(wsUrl, EXTENSION[name], ha1, { hz: TONE[name] });
      started.push(phones[name]);
    }
    return {
      sim,
      wsUrl,
      phones,
      async close() {
        for (const phone of started) await phone.stop();
        await sim.close();
      },
    };
  } catch (error) {
    for (const phone of started) await phone.stop();
    await sim.close();
    throw error;
  }
}

/** Agent Authentication for `name`; resolves with the HA1 its phone registers with. */
export async function signIn(sim: Simulator, name: AgentName): Promise<string> {
  const { password } = sim.ready.credentials.agents.find((a) => a.agent === USERS[name])!;
  const login = await post(sim, 'agentLogin', { agent: USERS[name], password });
  expect(login.text).not.toBe('0');
  return (JSON.parse(login.text) as { md5secret: string }).md5secret;
}

/** Back to the seed between tests: calls hung up, settings and transfers cleared; agents signed in again (phones stay registered). */
export async function resetBench(bench: TransferBench): Promise<void> {
  expect((await control(bench.sim, 'POST', '/reset')).status).toBe(200);
  for (const name of ['ana', 'bruno', 'carla'] as const) {
    await signIn(bench.sim, name);
    bench.phones[name].policy = 'answer';
  }
}

/** A dialer record of Cobranzas-> (auto-answer) pinned to ana, with data: the customer call a transfer starts from. */
export async function customerCallToAna(bench: TransferBench, customer = '099555111'): Promise<{ guid: string; call: IncomingCall; cti: Record<string, string> }> {
  const { sim, phones } = bench;
  const before = phones.ana.incoming.length;
  const admin = await post(sim, 'clientAuth', sim.ready.credentials.apiUser);
  const task = JSON.stringify({
    calldate: null, campaign: 'Cobranzas->', destination: customer, alternatives: '', agent: EXTENSION.ana,
    data: 'deuda=100;cliente=42', source: 'test', bulk: false, automatic: true,
  });
  expect((await post(sim, 'dialerTask', { call: task }, admin.text)).text).toBe('1');
  await until('the customer call reaches ana', async () => phones.ana.incoming.length, (n) => n > before, { timeoutMs: 10_000 });
  const call = phones.ana.incoming.at(-1)!;
  const cti = JSON.parse(call.cti ?? '{}') as Record<string, string>;
  const guid = cti.Guid ?? '';
  await untilRecord(bench, guid, 'the customer call is active', (c) => c.status === 'active');
  await untilHears(phones.ana, call.invitation, TONE.customer, 'ana hears the customer');
  return { guid, call, cti };
}

export async function record(bench: TransferBench, guid: string): Promise<CallRecordView> {
  const answer = await control(bench.sim, 'GET', `/calls/${guid}`);
  expect(answer.status).toBe(200);
  return answer.json as CallRecordView;
}

export function untilRecord(bench: TransferBench, guid: string, what: string, check: (call: CallRecordView) => boolean): Promise<CallRecordView> {
  return until(what, () => record(bench, guid), check, { timeoutMs: 10_000 });
}

/** The GUID of the newest call of that origin (the state's records are in creation order). */
export async function newestCall(bench: TransferBench, origin: 'phone' | 'dialer'): Promise<string> {
  const state = (await control(bench.sim, 'GET', '/state')).json as { calls: Array<{ guid: string; origin: string }> };
  const guid = state.calls.filter((call) => call.origin === origin).at(-1)?.guid;
  if (!guid) throw new Error(`no call of origin ${origin} in the state`);
  return guid;
}

export async function transfers(bench: TransferBench): Promise<TransferView[]> {
  return ((await control(bench.sim, 'GET', '/state')).json as { transfers: TransferView[] }).transfers;
}

export async function untilTransfer(bench: TransferBench, what: string, check: (transfer: TransferView) => boolean): Promise<TransferView> {
  const list = await until(what, () => transfers(bench), (all) => all.some(check), { timeoutMs: 10_000 });
  return list.find(check)!;
}

export function untilHears(phone: TestPhone, session: Session, frequencyHz: number, what: string): Promise<boolean> {
  return until(what, async () => phone.hears(session, frequencyHz), (heard) => heard, { timeoutMs: 10_000 });
}

/** The NOTIFYs `phone` got in the dialog of `session`, once `check` holds. */
export function untilNotifies(phone: TestPhone, session: Session, what: string, check: (notifies: ReferNotify[]) => boolean): Promise<ReferNotify[]> {
  const callId = callIdOf(session);
  return until(what, async () => referNotifies(phone.frames, callId), check, { timeoutMs: 10_000 });
}

/** The status of the platform's answer to a REFER in the dialog of `session` (the newest), once there is one. */
export async function untilReferAnswer(phone: TestPhone, session: Session, from = 0): Promise<number> {
  const callId = callIdOf(session);
  const answers = await until(
    'the REFER is answered',
    async () => phone.framesOf(callId).filter((frame) => frame.cseqMethod === 'REFER' && frame.status !== undefined && frame.status >= 200),
    (list) => list.length > from,
    { timeoutMs: 10_000 },
  );
  return answers[from]!.status!;
}

export function callIdOf(session: Session): string {
  const callId = session.dialog?.callId;
  if (!callId) throw new Error('that session has no dialog (not answered)');
  return callId;
}

/** The phone's next incoming call after `before` calls, once it came. */
export async function nextIncoming(phone: TestPhone, before: number, what: string): Promise<IncomingCall> {
  await until(what, async () => phone.incoming.length, (n) => n > before, { timeoutMs: 10_000 });
  return phone.incoming[before]!;
}
