// The Integra client's failure as a message key with parameters, so the page
// can say it in the user's language. The English of each key repeats the
// client's own message (main/api/errors.ts); parameters carry only what the
// error already shows (operation, status, code, time-out), never a secret.
import { z } from 'zod';
import type { Say, Spoken } from '../../common/i18n/say';
import { BadInputError, ConnectionError, HttpStatusError, PlatformRefusedError, TimeoutError, TlsError, UnexpectedResponseError, isIntegraError } from '../api/index';

const integraErrorSchema = z.object({ kind: z.string(), message: z.string() });

/** What a describer needs from any thrown value: the client's kind (else `unexpected`), its English message, its spoken cause. */
export function readClientFailure(error: unknown): { kind: string; message: string; cause: Spoken | undefined } {
  const parsed = integraErrorSchema.safeParse(error);
  const message = parsed.success ? parsed.data.message : error instanceof Error ? error.message : String(error);
  return { kind: parsed.success ? parsed.data.kind : 'unexpected', message, cause: integraCause(error) };
}

/** The cause as spoken text; undefined for anything that is not a client error (its English message is all there is). */
export function integraCause(error: unknown): Spoken | undefined {
  if (!isIntegraError(error)) return undefined;
  const operation = error.operation;
  if (error instanceof TimeoutError) return { key: 'cause.timeout', params: { operation, timeoutMs: String(error.timeoutMs) } };
  if (error instanceof HttpStatusError) return { key: 'cause.http-status', params: { operation, status: String(error.status) } };
  if (error instanceof TlsError) return { key: 'cause.tls', params: { operation, code: error.code } };
  if (error instanceof ConnectionError) {
    return { key: `cause.connection.${error.reason}`, params: { operation } };
  }
  // A refusal is said by each caller, which knows what it means there (see refusalSaid), except one met again right
  // after a re-authentication: the session is then the likely cause. It and the two below carry a lower layer's English detail.
  if (error instanceof PlatformRefusedError) {
    return error.afterReauthentication ? { key: 'cause.refusedAfterSignIn', params: { operation, body: error.body, detail: error.detail } } : undefined;
  }
  if (error instanceof UnexpectedResponseError) return { key: 'cause.bad-response', params: { operation, what: error.what } };
  if (error instanceof BadInputError) return { key: 'cause.bad-input', params: { operation, problem: error.problem } };
  if (error.kind === 'aborted') return { key: 'cause.aborted', params: { operation } };
  if (error.kind === 'not-signed-in') return { key: 'cause.not-signed-in', params: { operation } };
  return undefined;
}

/**
 * The cause alone for a failure to reach the platform (connection or time-out), without the
 * operation or advice the `cause.*` texts carry: for a message that names what the person did
 * and says what to do itself. Undefined for any other failure.
 */
export function integraReason(error: unknown): Spoken | undefined {
  if (error instanceof TimeoutError) return { key: 'reason.timeout', params: { timeoutMs: String(error.timeoutMs) } };
  if (error instanceof ConnectionError) return { key: `reason.connection.${error.reason}`, params: {} };
  return undefined;
}

/**
 * What to say when the platform answered `0`: the caller's own words for this
 * operation (`refusal`), or, when the retry right after the app signed in anew
 * was refused too, authentication first and the caller's words after. The one
 * place every describer (sign-in, calls, supervisor) maps a refusal.
 */
export function refusalSaid(error: unknown, refusal: Spoken): Say {
  if (error instanceof PlatformRefusedError && error.afterReauthentication) {
    return { key: 'refusal.afterSignIn', params: { operation: error.operation }, cause: refusal };
  }
  return refusal;
}
