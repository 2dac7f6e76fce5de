// The agent's session as the renderer sees it: a public profile and the SIP
// credentials the phone needs. Never an API token, never a password.
import { z } from 'zod';
import { LANGUAGES } from '../i18n/language';
import { ipcErrorSchema } from './result';

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
  /** STUN/TURN servers for the call's media, with the TURN credentials main holds (issue 15). */
  iceServers: z.array(z.object({ urls: z.string(), username: z.string().optional(), credential: z.string().optional() })).optional(),
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

/**
 * The roles a session holds are said by two fields: `agent` (Agent
 * Authentication: the phone and the agent's home) and `apiUser` (Client
 * Authentication: the supervisor area). A supervisor-only session has
 * `agent: null` and `sip: null`: no phone is built, no SIP credentials exist.
 */
export const sessionViewSchema = z.object({
  state: sessionStateSchema,
  /** The agent signed in with Agent Authentication, or null (supervisor only). */
  agent: agentProfileSchema.nullable(),
  /** Present exactly when `agent` is. */
  sip: sipCredentialsSchema.nullable(),
  /** API user signed in with Client Authentication (supervisor work), or null. */
  apiUser: z.string().nullable(),
  instanceUrl: z.string().nullable(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

export type SessionRole = 'agent' | 'supervisor';
/** The roles held: `agent` when an agent signed in, `supervisor` when an API user did. */
export function sessionRoles(view: Pick<SessionView, 'agent' | 'apiUser'>): SessionRole[] {
  return [...(view.agent ? (['agent'] as const) : []), ...(view.apiUser ? (['supervisor'] as const) : [])];
}

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
    /** Empty or absent: no agent (supervisor only; then the API user and password are required). */
    agent: z.string().trim().max(128).optional(),
    /** Required with an agent; may be empty when main remembers this agent's password. */
    password: z.string().max(256).optional(),
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
  .strict()
  // Who signs in: an agent (with a password), an API user (with its password), or both.
  .superRefine((request, context) => {
    const agent = Boolean(request.agent);
    const apiUser = Boolean(request.apiUser);
    if (!agent && !apiUser) context.addIssue({ code: 'custom', path: ['agent'], message: 'is required (or an API user and its password, to sign in as a supervisor only)' });
    if (agent && request.password === undefined) context.addIssue({ code: 'custom', path: ['password'], message: 'is required with an agent' });
    if (apiUser && !request.apiPassword && !agent) context.addIssue({ code: 'custom', path: ['apiPassword'], message: 'is required to sign in as a supervisor' });
  });
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

/**
 * Main signed the agent in again by itself (Agent Authentication with the
 * credentials it holds) after the platform may have lost the login: the
 * registrar lost the phone's binding, or the API was out of reach for long.
 * The page says nothing while it works; a `failed` renewal is shown with its
 * error until a later one succeeds or the agent signs out.
 */
export const sessionRenewalSchema = z.object({
  state: z.enum(['renewing', 'renewed', 'failed']),
  error: ipcErrorSchema.nullable(),
});
export type SessionRenewal = z.infer<typeof sessionRenewalSchema>;

export const SIGNED_OUT: SessionView = { state: 'signed-out', agent: null, sip: null, apiUser: null, instanceUrl: null };
