import { z } from 'zod';

// The SIP agent record (spec "Agent"). Real instances add fields over time, so
// unknown keys are kept; a known key with the wrong type is an error.
const text = z.string().nullable().optional();

export const AgentSchema = z.looseObject({
  id: z.number().int().optional(),
  name: z.string(),
  host: text,
  nat: text,
  type: text,
  accountcode: text,
  callgroup: text,
  callerid: text,
  canreinvite: text,
  context: text,
  dtmfmode: text,
  insecure: text,
  language: text,
  mailbox: text,
  md5secret: text,
  pickupgroup: text,
  qualify: text,
  secret: text,
  disallow: text,
  allow: text,
  port: text,
  defaultuser: text,
  subscribecontext: text,
  record: text,
  email: text,
  phonetype: text,
  LogLevel: text,
  limite: z.union([z.number(), z.string()]).nullable().optional(),
  transport: text,
  encryption: text,
  did: text,
  outboundproxy: text,
  fullname: text,
  token: text,
});
export type Agent = z.infer<typeof AgentSchema>;

/** What Agent Authentication returns: the record plus what a phone needs to register and call the API. */
export const AgentLoginRecordSchema = AgentSchema.extend({
  name: z.string().min(1),
  host: z.string().min(1),
  md5secret: z.string().min(1),
  token: z.string().min(1),
});
export type AgentLoginRecord = z.infer<typeof AgentLoginRecordSchema>;

/** Caller-supplied inputs of Create Agent. */
export const CreateAgentInputSchema = z.object({
  userName: z.string().trim().min(1, 'the user name is empty'),
  password: z.string().min(1, 'the password is empty'),
  fullname: z.string().trim().min(1, 'the full name is empty'),
  phoneNumber: z.string().trim().regex(/^\+?[0-9]{2,20}$/, 'the phone number must be digits only'),
});
export type CreateAgentInput = z.infer<typeof CreateAgentInputSchema>;

/** The `phone` record Create Agent sends: the spec's fixed fields plus the caller's inputs. */
export function newAgentRecord(input: CreateAgentInput): Record<string, string | number> {
  return {
    LogLevel: 'SEVERE',
    allow: 'alaw;ulaw',
    id: 407,
    context: 'agentes',
    did: '',
    email: '',
    canreinvite: '',
    insecure: '',
    mailbox: '',
    pickupgroup: '',
    callgroup: '',
    port: '',
    outboundproxy: '',
    disallow: 'all',
    dtmfmode: 'rfc2833',
    encryption: 'yes',
    host: 'dynamic',
    language: 'es',
    nat: 'yes',
    phonetype: 'SoftPhone',
    qualify: 'yes',
    record: 'agent',
    subscribecontext: 'default',
    transport: 'wss',
    type: 'friend',
    limite: '0',
    accountcode: input.userName,
    secret: input.password,
    fullname: input.fullname,
    callerid: input.phoneNumber,
    defaultuser: input.phoneNumber,
    name: input.phoneNumber,
  };
}
