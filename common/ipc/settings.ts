// Settings as the renderer sees and edits them. None of these is a secret:
// passwords and tokens live in main's vault and never appear here.
import { z } from 'zod';
import { iceServerSettingSchema, MAX_ICE_SERVERS } from '../domain/ice-server';
import { transferDirectorySchema } from '../domain/transfer-target';
import { LANGUAGES } from '../i18n/language';
import { tokenPolicySettingSchema } from './token-policy';
import { saySchema } from './result';
import { WORKSTATION_DEFAULTS, workstationSettingsShape } from './workstation-settings';

/** '' means "not configured" (npm start then runs the simulator). */
const instanceUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value === '' || isHttpUrl(value), 'must be an http:// or https:// address');

const templateSchema = z.string().trim().min(1).max(2048);

const settingsShape = {
  instanceUrl: instanceUrlSchema,
  /** Path of a PEM file with an extra CA to trust (a private instance). */
  caFile: z.string().max(4096),
  /** Whether tokens may be kept on disk (encrypted) or in memory only. */
  tokenStorage: z.enum(['encrypted-disk', 'memory-only']),
  /** Which token each Integra operation sends; `{}` = the API client's default (ARCHITECTURE). */
  tokenPolicy: tokenPolicySettingSchema,
  /** `{host}` is the agent record's `host`. */
  sipWsUrlTemplate: templateSchema,
  /** `{name}` is the agent's extension, `{host}` the agent record's `host`. */
  sipUriTemplate: templateSchema,
  sipRealm: z.string().trim().min(1).max(256),
  language: z.enum(LANGUAGES),
  /** Agent user name shown pre-filled on the sign-in screen. */
  rememberedAgent: z.string().max(128),
  /** API user name (Client Authentication) shown pre-filled. */
  rememberedApiUser: z.string().max(128),
  /** STUN/TURN servers for the phone's media (issue 15); none by default. TURN credentials live in main's vault. */
  iceServers: z.array(iceServerSettingSchema).max(MAX_ICE_SERVERS),
  /** Named transfer targets (issue 22): IT's list, like quick connects; locked by policy, typed targets are refused. */
  transferDirectory: transferDirectorySchema,
  ...workstationSettingsShape,
};

export const settingsSchema = z.object(settingsShape);
export type Settings = z.infer<typeof settingsSchema>;

export const settingsPatchSchema = z.object(settingsShape).partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** Defaults per ARCHITECTURE "Decisions on gaps"; each one a setting. */
export const DEFAULT_SETTINGS: Settings = {
  instanceUrl: '',
  caFile: '',
  tokenStorage: 'encrypted-disk',
  tokenPolicy: {},
  iceServers: [],
  transferDirectory: [],
  sipWsUrlTemplate: 'wss://{host}:8089/ws',
  sipUriTemplate: 'sip:{name}@{host}',
  sipRealm: 'asterisk',
  language: 'es',
  rememberedAgent: '',
  rememberedApiUser: '',
  ...WORKSTATION_DEFAULTS,
};

/** How secrets are kept, so the UI can say when they are memory-only. */
export const secretStorageSchema = z.object({
  mode: z.enum(['encrypted', 'memory-only']),
  /** Why memory-only: no OS encryption, Linux basic_text backend, browser mode, or the token storage setting. */
  reason: z.enum(['unavailable', 'basic-text', 'browser-mode', 'policy']).nullable(),
});
export type SecretStorage = z.infer<typeof secretStorageSchema>;

/** What the sign-in form starts with. */
export const signInDefaultsSchema = z.object({
  instanceUrl: z.string(),
  agent: z.string(),
  apiUser: z.string(),
  sipUrl: z.string(),
  caFile: z.string(),
  /** Main holds a password for this agent; the form may be sent with an empty one. */
  passwordRemembered: z.boolean(),
});
export type SignInDefaults = z.infer<typeof signInDefaultsSchema>;

export const settingsViewSchema = z.object({
  settings: settingsSchema,
  secretStorage: secretStorageSchema,
  signInDefaults: signInDefaultsSchema,
  /** A problem met while loading settings (e.g. a corrupt file set aside), or null. */
  loadProblem: z.string().nullable(),
  /** IT's policy: the settings it locked (shown read-only, "set by your IT") and a problem with its file, or null. */
  /** `problem`: why IT's policy file could not be used, as message keys; null when it could (or there is none). */
  policy: z.object({ locked: z.array(z.string()), problem: saySchema.nullable() }),
  /**
   * Settings the page cannot change here even where IT's policy leaves them open (protected-settings.ts):
   * the update feed and channel always; the form address and the CA file in the browser host.
   */
  fixed: z.array(z.string()),
  /** Why a global shortcut could not be registered (invalid, taken by another app, duplicate), as message keys; empty when all work. */
  shortcutProblems: z.array(saySchema).max(4),
});
export type SettingsView = z.infer<typeof settingsViewSchema>;

export const settingsRequests = {
  'settings.get': { request: z.object({}).strict(), reply: settingsViewSchema },
  'settings.update': { request: z.object({ patch: settingsPatchSchema }).strict(), reply: settingsViewSchema },
  /** A TURN server's credential, kept encrypted by main; '' forgets it. Never answered back. */
  'settings.setIceCredential': {
    request: z.object({ urls: iceServerSettingSchema.shape.urls, credential: z.string().max(512) }).strict(),
    reply: z.object({ saved: z.boolean() }),
  },
} as const;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
