// The IT policy file: values IT presets and the keys it locks against change
// in the UI. Strict: an unknown key is a typo IT wants to hear about.
//
//   { "values": { "instanceUrl": "https://acme.ucontactcloud.com", "language": "es" },
//     "locked": ["instanceUrl"] }
import { z } from 'zod';
import { ECHO_DESTINATION_RE, tokenPolicySettingSchema } from '../../../common/ipc-contract';
import { checkFormTemplate } from '../../../common/domain/form-url';
import { iceServerSettingSchema, MAX_ICE_SERVERS } from '../../../common/domain/ice-server';
import { transferDirectorySchema } from '../../../common/domain/transfer-target';

const urlWithProtocols = (protocols: readonly string[], what: string) =>
  z
    .string()
    .trim()
    .max(2048)
    .refine((value) => hasProtocol(value, protocols), `must be an ${what} address`);

/** Every setting a policy may preset or lock, with the setting's own name. */
export const policyValuesSchema = z
  .object({
    instanceUrl: urlWithProtocols(['https:', 'http:'], 'https:// (or http://)'),
    caFile: z.string().trim().min(1).max(4096),
    sipWsUrlTemplate: z.string().trim().min(1).max(2048).refine((v) => /^wss?:\/\//iu.test(v), 'must start with wss://'),
    sipUriTemplate: z.string().trim().min(1).max(2048).refine((v) => /^sips?:/iu.test(v), 'must start with sip:'),
    sipRealm: z.string().trim().min(1).max(256),
    language: z.enum(['es', 'en']),
    tokenStorage: z.enum(['encrypted-disk', 'memory-only']),
    tokenPolicy: tokenPolicySettingSchema,
    autostart: z.boolean(),
    closeToTray: z.boolean(),
    dialImmediately: z.boolean(),
    headsetButtons: z.boolean(),
    mediaKeys: z.boolean(),
    iceServers: z.array(iceServerSettingSchema).max(MAX_ICE_SERVERS),
    formUrlTemplate: z.string().trim().max(2048).refine((v) => v === '' || checkFormTemplate(v).ok, 'must be an https:// address on a fixed host, e.g. https://crm.example.com/forms/{form}?call={guid}'),
    updateFeedUrl: z.string().trim().max(2048).refine((v) => v === '' || hasProtocol(v, ['https:']), 'must be an https:// address (or empty: updates off)'),
    updateChannel: z.string().trim().regex(/^[a-z0-9][a-z0-9-]{0,31}$/u, 'must be lower-case letters, digits and dashes'),
    transferDirectory: transferDirectorySchema,
    echoDestination: z.string().trim().regex(ECHO_DESTINATION_RE, 'must be an extension: digits, * and #, e.g. *43'),
    shiftCheckAtSignIn: z.boolean(),
  })
  .partial()
  .strict();

export type PolicyValues = z.infer<typeof policyValuesSchema>;
export type PolicyKey = keyof PolicyValues;
export const POLICY_KEYS = Object.keys(policyValuesSchema.shape) as PolicyKey[];

export const policySchema = z
  .object({
    /** Free text for IT (who wrote it, ticket number); ignored by the app. */
    comment: z.string().max(4096).optional(),
    values: policyValuesSchema.default({}),
    locked: z.array(z.enum(POLICY_KEYS as [PolicyKey, ...PolicyKey[]])).default([]),
  })
  .strict()
  .superRefine((policy, context) => {
    for (const [index, key] of policy.locked.entries()) {
      if (policy.values[key] === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['locked', index],
          message: `"${key}" is locked but has no value in "values"; give it one or remove the lock`,
        });
      }
    }
  });

export type Policy = z.infer<typeof policySchema>;

function hasProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
