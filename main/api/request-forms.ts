import type { z } from 'zod';
import {
  CreateAgentInputSchema,
  DialerTaskInputSchema,
  DISPOSITION_KEYS,
  DispositionInputSchema,
  MakeCallInputSchema,
  QueueMemberInputSchema,
  describeIssues,
  newAgentRecord,
  type CreateAgentInput,
  type DialerTaskInput,
  type DispositionInput,
  type MakeCallInput,
  type QueueMemberInput,
} from '../../common/domain';
import type { LogOutInput, HangUpInput } from './client-types';
import { BadInputError } from './errors';
import type { OperationId } from './operations';

// Caller input → the exact form body the spec describes. Input is validated
// first; a bad value becomes a BadInputError naming the field.

function valid<S extends z.ZodType>(operation: OperationId, schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new BadInputError(operation, `invalid input: ${describeIssues(result.error)}`);
  return result.data;
}

function nonEmpty(operation: OperationId, value: string | undefined, what: string): string {
  if (value === undefined || value.trim() === '') throw new BadInputError(operation, `the ${what} is empty`);
  return value.trim();
}

const form = (entries: [string, string][]) => new URLSearchParams(entries).toString();

export function clientAuthForm(user: string, password: string): string {
  return form([['user', nonEmpty('clientAuth', user, 'user name')], ['password', nonEmpty('clientAuth', password, 'password')]]);
}

export function agentLoginForm(agent: string, password: string): string {
  return form([['agent', nonEmpty('agentLogin', agent, 'agent name')], ['password', nonEmpty('agentLogin', password, 'password')]]);
}

export function logOutForm(input: LogOutInput): string {
  const entries: [string, string][] = [['agent', nonEmpty('logout', input.agent, 'agent')]];
  if (input.interface !== undefined && input.interface !== '') {
    if (!/^SIP\/\S+$/.test(input.interface)) throw new BadInputError('logout', 'the interface must look like SIP/<extension>');
    entries.push(['interface', input.interface]);
  }
  if (input.message !== undefined) entries.push(['message', input.message]);
  return form(entries);
}

export function hangUpForm(input: HangUpInput): string {
  const phone = nonEmpty('hangup', input.phone, 'phone');
  if (!/^[0-9]+$/.test(phone)) throw new BadInputError('hangup', 'the phone must be the agent extension, digits only');
  return form([['phone', phone]]);
}

export function dialerTaskForm(task: DialerTaskInput): string {
  const t = valid('dialerTask', DialerTaskInputSchema, task);
  const call = {
    calldate: t.calldate, campaign: t.campaign, destination: t.destination, alternatives: t.alternatives,
    agent: t.agent, data: t.data, source: t.source, bulk: t.bulk, automatic: t.automatic,
  };
  return form([['call', JSON.stringify(call)]]);
}

export function dispositionForm(input: DispositionInput): string {
  const d = valid('disposition', DispositionInputSchema, input);
  return form(DISPOSITION_KEYS.map((key) => [key, d[key]]));
}

export function createAgentForm(input: CreateAgentInput): string {
  return form([['phone', JSON.stringify(newAgentRecord(valid('createAgent', CreateAgentInputSchema, input)))]]);
}

export function queueMembersForm(members: readonly QueueMemberInput[]): string {
  if (members.length === 0) throw new BadInputError('addQueueMember', 'no agent/campaign pair was given');
  const list = members.map((m) => valid('addQueueMember', QueueMemberInputSchema, m));
  const ordered = list.map((m) => ({ membername: m.membername, queueName: m.queueName, interface1: m.interface1, penalty: m.penalty, paused: m.paused }));
  return form([['queuemember', JSON.stringify(ordered)]]);
}

export function makeCallForm(input: MakeCallInput): string {
  const c = valid('makeCall', MakeCallInputSchema, input);
  return form([
    ['callerid', c.callerid], ['agent', c.agent], ['phone', c.phone], ['tech', c.tech],
    ['context', c.context], ['outqueue', c.outqueue], ['destination', c.destination],
  ]);
}

export function getCampaignsForm(): string {
  return form([['lastrow', '']]);
}
