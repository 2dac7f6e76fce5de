import {
  AbortedError,
  BadInputError,
  ConnectionError,
  type ConnectionReason,
  IntegraError,
  TimeoutError,
  TlsError,
} from './errors';
import type { OperationId } from './operations';

// Maps what undici / Node throw into our typed errors. The original error is
// never attached: only its code and a redacted message travel as `cause`.

// Each code's reason (a stable name the app's message keys use) and its plain-words description.
const CONNECTION_CODES: Record<string, { reason: ConnectionReason; description: string }> = {
  ECONNREFUSED: { reason: 'refused', description: 'the connection was refused (nothing listens at that address)' },
  ECONNRESET: { reason: 'reset', description: 'the connection was reset by the other side' },
  EPIPE: { reason: 'closedWhileSending', description: 'the connection was closed while sending' },
  UND_ERR_SOCKET: { reason: 'closed', description: 'the connection was closed before an answer came' },
  UND_ERR_CLOSED: { reason: 'closed', description: 'the connection was closed before an answer came' },
  ENOTFOUND: { reason: 'hostNotFound', description: 'the host name could not be found' },
  EAI_AGAIN: { reason: 'dnsUnavailable', description: 'the host name could not be looked up (DNS unavailable)' },
  EHOSTUNREACH: { reason: 'hostUnreachable', description: 'the host cannot be reached' },
  ENETUNREACH: { reason: 'networkUnreachable', description: 'the network cannot be reached' },
  ETIMEDOUT: { reason: 'timedOut', description: 'the connection attempt timed out' },
  UND_ERR_CONNECT_TIMEOUT: { reason: 'timedOut', description: 'the connection attempt timed out' },
};

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

const TLS_CODE_RE = /^(ERR_TLS_|ERR_SSL_|ERR_OSSL_|CERT_|UNABLE_TO_|SELF_SIGNED_|DEPTH_ZERO_|HOSTNAME_MISMATCH|EPROTO$)/;

export interface FailureContext {
  operation: OperationId;
  timedOut: boolean;
  timeoutMs: number;
  callerAborted: boolean;
  /** Strings that must not appear in any message (tokens, passwords). */
  secrets: readonly string[];
}

export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length > 0) out = out.split(secret).join('[redacted]');
  return out;
}

/** The error code undici or Node put on a failure (or its causes), abort codes aside. */
export function codeOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_ABORTED' && code !== 'ABORT_ERR') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function mapFailure(error: unknown, context: FailureContext): IntegraError {
  if (error instanceof IntegraError) return error;
  const { operation } = context;
  if (context.timedOut) return new TimeoutError(operation, context.timeoutMs);
  if (context.callerAborted) return new AbortedError(operation);
  const code = codeOf(error) ?? 'UNKNOWN';
  const message = error instanceof Error ? error.message : String(error);
  const cause = redact(`${code}: ${message}`, context.secrets);
  if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') {
    return new BadInputError(operation, `the file could not be read (${code})`);
  }
  if (TLS_CODE_RE.test(code)) return new TlsError(operation, code, cause);
  if (TIMEOUT_CODES.has(code)) return new TimeoutError(operation, context.timeoutMs);
  const known = CONNECTION_CODES[code];
  if (known) return new ConnectionError(operation, code, known.reason, known.description, cause);
  if (error instanceof Error) return new ConnectionError(operation, code, 'failed', 'the request failed on the way to the server', cause);
  return new ConnectionError(operation, code, 'unknown', 'the request failed for an unknown reason', cause);
}
