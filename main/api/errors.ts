import type { OperationId } from './operations';
import { operationTitle } from './operations';

// Typed errors of the Integra client. Every message names the operation, the
// cause in plain words and what to do. None carries a token or a password:
// causes from lower layers are copied as redacted text, never attached raw.

export type IntegraErrorKind =
  | 'refused' // the platform answered `0` / `Error`
  | 'http-status' // an HTTP status other than 200
  | 'bad-response' // a body that is not what the operation returns
  | 'timeout'
  | 'connection' // refused, reset, closed, DNS
  | 'tls'
  | 'aborted'
  | 'bad-input' // the caller's input is invalid; nothing was sent
  | 'not-signed-in'; // no token held for an authorized operation

export type ConnectionReason =
  | 'refused'
  | 'reset'
  | 'closedWhileSending'
  | 'closed'
  | 'hostNotFound'
  | 'dnsUnavailable'
  | 'hostUnreachable'
  | 'networkUnreachable'
  | 'timedOut'
  | 'failed'
  | 'unknown';

export abstract class IntegraError extends Error {
  abstract readonly kind: IntegraErrorKind;
  readonly operation: OperationId;

  constructor(operation: OperationId, message: string, cause?: string) {
    super(`${operationTitle(operation)}: ${message}`, cause === undefined ? undefined : { cause });
    this.operation = operation;
  }

  /** A plain object safe to log or send across IPC. */
  toJSON(): { name: string; kind: IntegraErrorKind; operation: OperationId; message: string; cause?: string } {
    const cause = typeof this.cause === 'string' ? { cause: this.cause } : {};
    return { name: this.name, kind: this.kind, operation: this.operation, message: this.message, ...cause };
  }
}

export class PlatformRefusedError extends IntegraError {
  override readonly name = 'PlatformRefusedError';
  readonly kind = 'refused';
  /** The body the platform answered (`0` or `Error`). */
  readonly body: string;
  /** What a refusal of this operation usually means, and what to do (English). */
  readonly detail: string;
  /**
   * The platform refused the retry that came right after the app signed in
   * anew (re-authentication with the held credentials): the session itself is
   * the likely cause, so the message names authentication first.
   */
  readonly afterReauthentication: boolean;
  constructor(operation: OperationId, body: string, detail: string, options: { afterReauthentication?: boolean } = {}) {
    super(
      operation,
      options.afterReauthentication
        ? `the platform refused it again (${JSON.stringify(body)}) right after the app signed in anew, so it may not accept this session. Sign out and sign in again; if it keeps happening, ask your administrator (otherwise: ${detail}).`
        : `the platform refused (${JSON.stringify(body)}): ${detail}`,
    );
    this.body = body;
    this.detail = detail;
    this.afterReauthentication = options.afterReauthentication ?? false;
  }

  /** The same refusal, met again by the retry right after a re-authentication. */
  again(): PlatformRefusedError {
    return new PlatformRefusedError(this.operation, this.body, this.detail, { afterReauthentication: true });
  }
}

export class HttpStatusError extends IntegraError {
  override readonly name = 'HttpStatusError';
  readonly kind = 'http-status';
  readonly status: number;
  constructor(operation: OperationId, status: number) {
    super(operation, `the server answered HTTP ${status} instead of 200. The instance may be failing or the base URL may be wrong; try again later or check the address.`);
    this.status = status;
  }
}

export class UnexpectedResponseError extends IntegraError {
  override readonly name = 'UnexpectedResponseError';
  readonly kind = 'bad-response';
  /** What was wrong with the answer (no secret: bodies are cut and redacted before). */
  readonly what: string;
  constructor(operation: OperationId, what: string) {
    super(operation, `the answer was not what this operation returns: ${what}. Check that the base URL points at an Integra instance, then try again.`);
    this.what = what;
  }
}

export class TimeoutError extends IntegraError {
  override readonly name = 'TimeoutError';
  readonly kind = 'timeout';
  readonly timeoutMs: number;
  constructor(operation: OperationId, timeoutMs: number) {
    super(operation, `no answer within ${timeoutMs} ms. The platform may be slow or unreachable; try again or raise the timeout.`);
    this.timeoutMs = timeoutMs;
  }
}

export class ConnectionError extends IntegraError {
  override readonly name = 'ConnectionError';
  readonly kind = 'connection';
  readonly code: string;
  /** What happened, as a stable name (one per kind of code; see transport-errors.ts). */
  readonly reason: ConnectionReason;
  constructor(operation: OperationId, code: string, reason: ConnectionReason, description: string, cause?: string) {
    super(operation, `${description}. Check the network and the base URL, then try again.`, cause);
    this.code = code;
    this.reason = reason;
  }
}

export class TlsError extends IntegraError {
  override readonly name = 'TlsError';
  readonly kind = 'tls';
  readonly code: string;
  constructor(operation: OperationId, code: string, cause?: string) {
    super(operation, `the server's TLS certificate could not be verified (${code}). If the instance uses a private certificate authority, trust its CA certificate (the "ca" setting / --ca-file); verification is never turned off.`, cause);
    this.code = code;
  }
}

export class AbortedError extends IntegraError {
  override readonly name = 'AbortedError';
  readonly kind = 'aborted';
  constructor(operation: OperationId) {
    super(operation, 'the request was cancelled before an answer came.');
  }
}

export class BadInputError extends IntegraError {
  override readonly name = 'BadInputError';
  readonly kind = 'bad-input';
  readonly problem: string;
  constructor(operation: OperationId, problem: string) {
    super(operation, `${problem}. Nothing was sent; correct the input and try again.`);
    this.problem = problem;
  }
}

export class NotSignedInError extends IntegraError {
  override readonly name = 'NotSignedInError';
  readonly kind = 'not-signed-in';
  constructor(operation: OperationId) {
    super(operation, 'no token is held for this operation. Sign in first (Client Authentication or Agent Authentication).');
  }
}

export function isIntegraError(value: unknown): value is IntegraError {
  return value instanceof IntegraError;
}
