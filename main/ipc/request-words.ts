// The words a refused request is told in: the request's name (`request.<channel>`
// in the dictionaries) and the label the person sees on the form for the
// failing field, never the channel or the field's code name. Pure.
import type { z } from 'zod';
import type { MessageKey } from '../../common/i18n';
import type { RequestChannel } from '../../common/ipc-contract';

/** The form labels of the fields each request carries, by the field's name in the request. */
const FIELD_LABELS: Partial<Record<RequestChannel, Readonly<Record<string, MessageKey>>>> = {
  'session.signIn': {
    instanceUrl: 'signIn.instanceUrl', agent: 'signIn.agent', password: 'signIn.password', apiUser: 'signIn.supervisorApiUser',
    apiPassword: 'signIn.supervisorApiPassword', caFile: 'signIn.caFile', sipUrl: 'signIn.sipUrl',
  },
  'supervisor.createAgent': { userName: 'sup.agent.userName', fullname: 'sup.agent.fullname', phoneNumber: 'sup.agent.phone', password: 'sup.agent.password' },
  'supervisor.addMembers': { agents: 'sup.members.agents', membername: 'sup.members.agents', phone: 'sup.members.agents', campaigns: 'sup.members.campaigns' },
  'supervisor.analyzeList': { path: 'sup.upload.path' },
  'supervisor.uploadList': { path: 'sup.upload.path', campaign: 'sup.upload.campaign' },
  'supervisor.addDialerRecord': {
    campaign: 'sup.record.campaign', destination: 'sup.record.destination', alternatives: 'sup.record.alternatives', agent: 'sup.record.agent',
    data: 'sup.record.data', key: 'sup.record.data', value: 'sup.record.data', calldate: 'sup.record.dateTime', source: 'sup.record.source',
  },
  'calls.makeCall': { campaign: 'calls.dial.campaign', number: 'calls.dial.number' },
};

/** The message key of the label of `field` in the form of `channel`; "one of the fields" when the form has none for it. */
export function fieldLabel(channel: RequestChannel, field: string): MessageKey {
  return FIELD_LABELS[channel]?.[field] ?? 'field.unknown';
}

export type FieldProblem = 'empty' | 'tooLong' | 'format' | 'invalid';

/** What was wrong with the value, in a word the dictionaries say (`ipc.problem.<id>`). */
export function fieldProblem(issue: z.core.$ZodIssue | undefined): FieldProblem {
  if (issue?.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1) return 'empty';
  if (issue?.code === 'too_small' && issue.origin === 'array') return 'empty';
  if (issue?.code === 'too_big') return 'tooLong';
  if (issue?.code === 'invalid_format') return 'format';
  return 'invalid';
}
