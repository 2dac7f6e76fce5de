// The app setting "token policy": which token (agent or client) an authorized
// Integra operation sends. Only the operations the agent or IT want to change
// are listed; `{}` means the API client's built-in default (agent operations
// the agent token, administrative ones the client token, each falling back to
// the other when it is the only one held).
import { z } from 'zod';

/** The authorized operations of the spec, by the API client's operation id. */
export const TOKEN_POLICY_OPERATIONS = [
  'logout',
  'hangup',
  'makeCall',
  'disposition',
  'getCampaigns',
  'dialerTask',
  'uploadBase',
  'createAgent',
  'addQueueMember',
  'getDialers',
] as const;
export type TokenPolicyOperation = (typeof TOKEN_POLICY_OPERATIONS)[number];

export const tokenKindSchema = z.enum(['agent', 'client']);

const shape = Object.fromEntries(TOKEN_POLICY_OPERATIONS.map((operation) => [operation, tokenKindSchema])) as Record<
  TokenPolicyOperation,
  typeof tokenKindSchema
>;

/** A partial map operation → token kind; an unknown operation is a typo, refused. */
export const tokenPolicySettingSchema = z.object(shape).partial().strict();
export type TokenPolicySetting = z.infer<typeof tokenPolicySettingSchema>;
