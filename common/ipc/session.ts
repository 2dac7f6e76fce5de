// The agent's session as the renderer sees it: a public profile and the SIP
// credentials the phone needs. Never an API token, never a password.
import { z } from 'zod';
import { LANGUAGES } from '../i18n/language';

export const agentProfileSchema = z.object({
  /** Agent user name (what the agent signs in with). */
  name: z.string(),
  fullname: z.string(),
  /** Phone number / extension (`name` of the platform's agent record). */
  extension: z.string(),
  /** Campaign names, once known (filled by later work). */
  campaigns: z.array(z.string()),
});
export type AgentProfile = z.infer<typeof agentProfileSchema>;

/** What sip.js needs to register; HA1 is the record's `md5secret`, not a password. */
export const sipCredentialsSchema = z.object({
  uri: z.string(),
  authorizationUsername: z.string(),
  authorizationHa1: z.string(),
  wsUrl: z.string(),
  realm: z.string(),
  displayName: z.string(),
});
export type SipCredentials = z.infer<typeof sipCredentialsSchema>;

/**
 * ```
 * signed-out ──signIn──▶ signing-in ──ok──▶ signed-in ──signOut──▶ signing-out ──▶ signed-out
 *                            └──error──▶ signed-out
 * ```
 * The phone registers on `signed-in` and unregisters as soon as the state leaves it.
 */
export const sessionStateSchema = z.enum(['signed-out', 'signing-in', 'signed-in', 'signing-out']);
export type SessionState = z.infer<typeof sessionStateSchema>;

export const sessionViewSchema = z.object({
  state: sessionStateSchema,
  agent: agentProfileSchema.nullable(),
  sip: sipCredentialsSchema.nullable(),
  /** API user signed in with Client Authentication (supervisor work), or null. */
  apiUser: z.string().nullable(),
  instanceUrl: z.string().nullable(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

const optionalText = (max: number) => z.string().max(max).optional();

export const signInRequestSchema = z
  .object({
    /** Empty or absent: the configured instance. */
    instanceUrl: z
      .string()
      .trim()
      .max(2048)
      .refine((v) => v === '' || /^https?:\/\/[^\s/]+/i.test(v), 'must be an http:// or https:// address')
      .optional(),
    agent: z.string().trim().min(1, 'is required').max(128),
    /** May be empty when main remembers this agent's password. */
    password: z.string().max(256),
    remember: z.boolean(),
    apiUser: z.string().trim().max(128).optional(),
    apiPassword: optionalText(256),
    caFile: optionalText(4096),
    sipUrl: z
      .string()
      .trim()
      .max(2048)
      .refine((v) => v === '' || /^wss?:\/\/[^\s/]+/i.test(v), 'must be a ws:// or wss:// address')
      .optional(),
    language: z.enum(LANGUAGES),
  })
  .strict();
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const signOutRequestSchema = z.object({ message: optionalText(500) }).strict();
export type SignOutRequest = z.infer<typeof signOutRequestSchema>;

export const sessionRequests = {
  'session.get': { request: z.object({}).strict(), reply: sessionViewSchema },
  'session.signIn': { request: signInRequestSchema, reply: sessionViewSchema },
  'session.signOut': { request: signOutRequestSchema, reply: sessionViewSchema },
} as const;

/** Whether main can reach the platform's API right now. */
export const connectivitySchema = z.object({
  api: z.enum(['online', 'offline', 'unknown']),
  /** Plain words on the last failure, or null. */
  detail: z.string().nullable(),
  /**
   * What caused this report. `resumed` (from sleep) and `network-changed` are
   * cues for the phone to re-register at once, even when `api` did not change.
   */
  reason: z.enum(['request-succeeded', 'request-failed', 'os-online', 'os-offline', 'resumed', 'network-changed']).optional(),
});
export type Connectivity = z.infer<typeof connectivitySchema>;

export const SIGNED_OUT: SessionView = { state: 'signed-out', agent: null, sip: null, apiUser: null, instanceUrl: null };
