// The shift-start check's API step, in main (issue 26), reading what a person
// from IT asks first: does the instance answer, over which TLS, with which
// certificate (and whether it is trusted for this host, with the trust the
// API client uses: the system's roots plus IT's CA), and how far the
// server's clock is from ours (Date header) — tokens and certificates go
// wrong when clocks drift. Two steps, bounded in time, both verifying:
//   1. a TLS handshake only: a refused certificate ends it with the TLS
//      library's reason (self-signed, expired, another host's name...), and
//      not one byte is written on that connection (a request written with
//      the handshake would leave before the check could stop it);
//   2. once it is trusted, one GET (the body is not read). An untrusted server
//      is never sent a request.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import type { ApiCheck } from '../../../common/ipc-contract';
import { trustedRoots } from '../../api/http-transport';
import { spokenFailure } from '../spoken-failure';

export interface ApiCheckOptions {
  readonly url: string;
  /** IT's CA (PEM), or null. */
  readonly caPem: string | null;
  readonly timeoutMs?: number;
  readonly now?: () => number;
}

const words = (error: unknown): string => {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message;
};

export function checkApi(options: ApiCheckOptions): Promise<ApiCheck> {
  const now = options.now ?? Date.now;
  const started = now();
  const url = new URL(options.url);
  const secure = url.protocol === 'https:';
  const elapsed = (): number => Math.max(0, Math.round(now() - started));
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<ApiCheck, 'url' | 'elapsedMs'>): void => {
      if (settled) return;
      settled = true;
      resolve({ url: url.origin, elapsedMs: elapsed(), ...result });
    };
    const tlsOf = (socket: TLSSocket): ApiCheck['tls'] => {
      const certificate = socket.getPeerCertificate();
      const name = (entry: unknown): string | null => (entry && typeof entry === 'object' ? Object.entries(entry).map(([k, v]) => `${k}=${String(v)}`).join(', ') : null);
      return {
        protocol: socket.getProtocol() ?? null,
        authorized: socket.authorized,
        problem: socket.authorizationError ? String(socket.authorizationError) : null,
        subject: name(certificate.subject),
        issuer: name(certificate.issuer),
        validTo: certificate.valid_to ?? null,
      };
    };
    const onAnswer = (answer: IncomingMessage): void => {
      const date = answer.headers.date ? Date.parse(answer.headers.date) : Number.NaN;
      // The Date header has whole seconds; half the round trip is when the server wrote it.
      const skew = Number.isFinite(date) ? Math.round((date - (started + elapsed() / 2)) / 1000) : null;
      const tls = secure ? tlsOf(answer.socket as TLSSocket) : null;
      answer.resume();
      finish({ reachable: true, status: answer.statusCode ?? null, tls, clockSkewSeconds: skew, problem: null });
    };
    const timeoutMs = options.timeoutMs ?? 5_000;
    const noAnswer = `no answer within ${Math.round(timeoutMs / 1000)} s`;
    const ca = trustedRoots(options.caPem ? [options.caPem] : []);
    const get = (): void => {
      const req = secure
        ? httpsRequest(url, { method: 'GET', ca, timeout: timeoutMs, agent: false }, onAnswer)
        : httpRequest(url, { method: 'GET', timeout: timeoutMs, agent: false }, onAnswer);
      req.on('timeout', () => {
        req.destroy();
        finish({ reachable: false, status: null, tls: null, clockSkewSeconds: null, problem: noAnswer });
      });
      req.on('error', (error) => finish({ reachable: false, status: null, tls: null, clockSkewSeconds: null, problem: words(error) }));
      req.end();
    };
    if (!secure) return get();
    // Step 1: the handshake alone, verified; a failure after TCP connected is the certificate's.
    let connected = false;
    const socket = tlsConnect({ host: url.hostname, port: Number(url.port) || 443, servername: url.hostname, ca, timeout: timeoutMs });
    socket.once('connect', () => void (connected = true));
    socket.once('secureConnect', () => {
      socket.destroy();
      get();
    });
    socket.once('timeout', () => {
      socket.destroy();
      finish({ reachable: false, status: null, tls: null, clockSkewSeconds: null, problem: noAnswer });
    });
    socket.once('error', (error) => {
      const refused = connected ? { protocol: null, authorized: false, problem: words(error), subject: null, issuer: null, validTo: null } : null;
      finish({ reachable: connected, status: null, tls: refused, clockSkewSeconds: null, problem: words(error) });
    });
  });
}

/** The check of the signed-in instance, with the CA file the settings name; refused in words when nobody is signed in. */
export function instanceApiCheck(instanceUrl: () => string | null, caPem: () => string | null): () => Promise<ApiCheck> {
  return async () => {
    const url = instanceUrl();
    if (!url) throw spokenFailure('not-signed-in', 'calls.err.signInFirst');
    return checkApi({ url, caPem: caPem() });
  };
}
