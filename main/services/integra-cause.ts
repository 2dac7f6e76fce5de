// The Integra client's failure as a message key with parameters, so the page
// can say it in the user's language. The English of each key repeats the
// client's own message (main/api/errors.ts); parameters carry only what the
// error already shows (operation, status, code, time-out), never a secret.
import type { Spoken } from '../../common/i18n/say';
import { BadInputError, ConnectionError, HttpStatusError, PlatformRefusedError, TimeoutError, TlsError, UnexpectedResponseError, isIntegraError } from '../api/index';

/** Connection codes with a text of their own; the rest say "failed" (or "closed"/"timed out" for undici's variants). */
const CONNECTION_KEYS: Record<string, string> = {
  ECONNREFUSED: 'ECONNREFUSED',
  ECONNRESET: 'ECONNRESET',
  EPIPE: 'EPIPE',
  UND_ERR_SOCKET: 'closed',
  UND_ERR_CLOSED: 'closed',
  ENOTFOUND: 'ENOTFOUND',
  EAI_AGAIN: 'EAI_AGAIN',
  EHOSTUNREACH: 'EHOSTUNREACH',
  ENETUNREACH: 'ENETUNREACH',
  ETIMEDOUT: 'timedOut',
  UND_ERR_CONNECT_TIMEOUT: 'timedOut',
};

/** The cause as spoken text; undefined for anything that is not a client error (its English message is all there is). */
export function integraCause(error: unknown): Spoken | undefined {
  if (!isIntegraError(error)) return undefined;
  const operation = error.operation;
  if (error instanceof TimeoutError) return { key: 'cause.timeout', params: { operation, timeoutMs: String(error.timeoutMs) } };
  if (error instanceof HttpStatusError) return { key: 'cause.http-status', params: { operation, status: String(error.status) } };
  if (error instanceof TlsError) return { key: 'cause.tls', params: { operation, code: error.code } };
  if (error instanceof ConnectionError) {
    const known = CONNECTION_KEYS[error.code] ?? (error.description.includes('unknown reason') ? 'unknown' : 'failed');
    return { key: `cause.connection.${known}`, params: { operation } };
  }
  // A refusal is said by each caller, which knows what it means there. The two below carry a lower layer's English detail.
  if (error instanceof PlatformRefusedError) return undefined;
  if (error instanceof UnexpectedResponseError) return { key: 'cause.bad-response', params: { operation, what: error.what } };
  if (error instanceof BadInputError) return { key: 'cause.bad-input', params: { operation, problem: error.problem } };
  if (error.kind === 'aborted') return { key: 'cause.aborted', params: { operation } };
  if (error.kind === 'not-signed-in') return { key: 'cause.not-signed-in', params: { operation } };
  return undefined;
}
