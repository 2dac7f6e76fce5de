// What every request over the bridge answers: a value or a typed error that a
// person can read. Never a thrown object the other side cannot parse.
import { z } from 'zod';

export const ipcErrorCodeSchema = z.enum([
  /** The payload did not match the channel's schema. */
  'invalid-request',
  /** The channel is not part of the contract. */
  'unknown-channel',
  /** The request came from a frame or origin that is not our own page. */
  'forbidden-sender',
  /** The platform refused the agent name / password (or API user). */
  'wrong-credentials',
  /** The instance could not be reached (DNS, refused, timeout). */
  'instance-unreachable',
  /** TLS failed: untrusted certificate, wrong host name, unreadable CA file. */
  'tls-failure',
  /** The platform answered something unexpected (HTTP error, HTML page, bad JSON). */
  'platform-error',
  /** The operation needs a signed-in agent. */
  'not-signed-in',
  /** Another sign-in or sign-out is already under way. */
  'busy',
  /** Settings could not be read or saved. */
  'settings-failure',
  /** Anything else; the message says what failed. */
  'internal',
]);
export type IpcErrorCode = z.infer<typeof ipcErrorCodeSchema>;

/** The longest parameter of a spoken message the page reads. */
export const SAY_PARAM_MAX = 2000;
const spokenSchema = z.object({ key: z.string().max(100), params: z.record(z.string(), z.string().max(SAY_PARAM_MAX)) });
/** A message key with its parameters, and the cause it names (`{cause}`), also spoken. */
export const saySchema = spokenSchema.extend({ cause: spokenSchema.optional() });

type Spoken = z.infer<typeof spokenSchema>;
const clipParams = (spoken: Spoken, max: number): Spoken => ({
  key: spoken.key,
  params: Object.fromEntries(Object.entries(spoken.params).map(([name, value]) => [name, value.length > max ? `${value.slice(0, max - 1)}…` : value])),
});

/**
 * `say` with each parameter cut to `max` characters: a parameter quoted from outside (a file's
 * contents, a lower layer's words) could otherwise pass the bound and make the page refuse the
 * whole answer that carries it.
 */
export function clipSaid(say: z.infer<typeof saySchema>, max = 300): z.infer<typeof saySchema> {
  const bound = Math.min(max, SAY_PARAM_MAX);
  return { ...clipParams(say, bound), ...(say.cause === undefined ? {} : { cause: clipParams(say.cause, bound) }) };
}

export const ipcErrorSchema = z.object({
  code: ipcErrorCodeSchema,
  message: z.string(),
  /** The request field the error concerns, so the UI can show it next to it. */
  field: z.string().optional(),
  /**
   * The same text in the user's language: a message key with its parameters
   * (a parameter named `operation` holds an operation id, shown translated;
   * `{cause}` is filled from `cause`). `message` stays English, for logs and
   * as the fallback when the page does not know the key.
   */
  say: saySchema.optional(),
});
export type IpcError = z.infer<typeof ipcErrorSchema>;

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** Schema of the result envelope carrying `value`. */
export function ipcResultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: ipcErrorSchema }),
  ]);
}

/**
 * Thrown by services for failures the renderer must see as they are; the IPC
 * wrapper turns it into `{ ok: false, error }`. Any other throw becomes
 * `internal`.
 */
export class IpcFailure extends Error {
  readonly detail: IpcError;
  constructor(detail: IpcError) {
    super(detail.message);
    this.name = 'IpcFailure';
    this.detail = detail;
  }
}
