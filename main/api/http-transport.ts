import { rootCertificates } from 'node:tls';
import * as tls from 'node:tls';
import { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { plainHttpProblem } from '../../common/loopback';
import { BadInputError, HttpStatusError, UnexpectedResponseError } from './errors';
import type { OperationId } from './operations';
import { codeOf, mapFailure } from './transport-errors';

// One keep-alive connection pool per client; one POST per call with a timeout
// and the caller's AbortSignal. TLS is always verified; a custom CA is added
// to the trusted roots.

export interface TransportOptions {
  baseUrl: string;
  ca?: string | readonly string[];
  keepAliveTimeoutMs?: number;
  connections?: number;
}

export interface TransportRequest {
  operation: OperationId;
  path: string;
  /** Sent as `Authorization: Basic <token>` when present. */
  token?: string;
  /** Form-encoded text, a streamed body (given a function to report activity), or none. */
  body: string | ((touch: () => void) => AsyncIterable<Buffer>) | null;
  timeoutMs: number;
  /** The timeout restarts on every touch() instead of counting from the start. */
  idleTimeout?: boolean;
  signal?: AbortSignal;
  secrets: readonly string[];
}

/** Whether the instance answered at all (every HTTP status is an answer); no answer says why (an error code, or `timeout`). */
export type ProbeResult = { reachable: true; status: number } | { reachable: false; reason: string };

export interface Transport {
  send(req: TransportRequest): Promise<string>;
  /** `HEAD` of the base URL over the same pool and TLS trust: a harmless "are you there?" that performs no operation. */
  probe(req: { timeoutMs: number; signal?: AbortSignal }): Promise<ProbeResult>;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** The roots a TLS check trusts: the system's and Node's, plus a private CA (never instead of them). */
export function trustedRoots(extra: readonly string[]): string[] {
  const getCa = (tls as { getCACertificates?: (type: string) => string[] }).getCACertificates;
  const defaults = getCa ? [...getCa('default'), ...safe(() => getCa('system'))] : [...rootCertificates];
  return [...defaults, ...extra];
}

function safe(fn: () => string[]): string[] {
  try {
    return fn();
  } catch {
    return [];
  }
}

/**
 * The body as text, counted while it streams: an answer without Content-Length (chunked) or with
 * a false one is cut at MAX_BODY_BYTES with a typed error instead of being read whole.
 */
async function readBounded(body: AsyncIterable<Buffer> & { destroy(error?: Error): unknown }, operation: TransportRequest['operation'], touch: () => void): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.length;
    if (total > MAX_BODY_BYTES) {
      body.destroy();
      throw new UnexpectedResponseError(operation, `the answer is too large (more than ${MAX_BODY_BYTES} bytes)`);
    }
    chunks.push(chunk);
    touch();
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks, total));
}

export function createTransport(options: TransportOptions): Transport {
  const base = new URL(options.baseUrl);
  const extraCa = options.ca === undefined ? [] : typeof options.ca === 'string' ? [options.ca] : [...options.ca];
  const dispatcher = new Agent({
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 30_000,
    connections: options.connections ?? 8,
    headersTimeout: 0,
    bodyTimeout: 0,
    connect: extraCa.length > 0 ? { ca: trustedRoots(extraCa), rejectUnauthorized: true } : { rejectUnauthorized: true },
  });

  // Secrets never go out in clear: plain http:// only to this computer (the simulator, tests).
  const insecure = plainHttpProblem(options.baseUrl);

  async function send(req: TransportRequest): Promise<string> {
    if (insecure !== null) throw new BadInputError(req.operation, `the instance address is refused: ${insecure}`);
    const controller = new AbortController();
    const state = { timedOut: false, callerAborted: false };
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        state.timedOut = true;
        controller.abort();
      }, req.timeoutMs);
    };
    const onCallerAbort = () => {
      state.callerAborted = true;
      controller.abort();
    };
    if (req.signal?.aborted) onCallerAbort();
    req.signal?.addEventListener('abort', onCallerAbort, { once: true });
    arm();
    const touch = req.idleTimeout ? arm : () => undefined;
    const headers: Record<string, string> = { accept: 'text/plain, */*', 'user-agent': 'agent-softphone-integra/0.1' };
    if (req.body !== null) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (req.token !== undefined) headers['authorization'] = `Basic ${req.token}`;
    try {
      if (controller.signal.aborted) throw new Error('aborted before sending');
      const body = req.body === null ? null : typeof req.body === 'string' ? req.body : Readable.from(req.body(touch), { objectMode: false });
      const response = await request(new URL(req.path, base), { dispatcher, method: 'POST', headers, body, signal: controller.signal });
      touch();
      if (response.statusCode !== 200) {
        await response.body.dump().catch(() => undefined);
        throw new HttpStatusError(req.operation, response.statusCode);
      }
      const length = Number(response.headers['content-length'] ?? 0);
      if (length > MAX_BODY_BYTES) {
        await response.body.dump().catch(() => undefined);
        throw new UnexpectedResponseError(req.operation, `the answer is too large (${length} bytes; at most ${MAX_BODY_BYTES} are read)`);
      }
      return await readBounded(response.body, req.operation, touch);
    } catch (error) {
      throw mapFailure(error, { operation: req.operation, timeoutMs: req.timeoutMs, secrets: req.secrets, ...state });
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  async function probe(req: { timeoutMs: number; signal?: AbortSignal }): Promise<ProbeResult> {
    const signal = AbortSignal.any([AbortSignal.timeout(req.timeoutMs), ...(req.signal ? [req.signal] : [])]);
    try {
      const response = await request(base, { dispatcher, method: 'HEAD', headers: { 'user-agent': 'agent-softphone-integra/0.1' }, signal });
      await response.body.dump().catch(() => undefined);
      return { reachable: true, status: response.statusCode };
    } catch (error) {
      return { reachable: false, reason: signal.aborted ? 'timeout' : (codeOf(error) ?? 'unknown') };
    }
  }

  return { send, probe, close: () => dispatcher.close() };
}
