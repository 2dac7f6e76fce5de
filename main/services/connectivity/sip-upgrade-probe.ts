// "Is the SIP service there?" asked the way the phone will ask: a WebSocket
// upgrade on the phone's own SIP address with the `sip` subprotocol (RFC
// 7118), closed at once with a close frame. A TCP connect is not enough: a
// load balancer, a TLS proxy or Asterisk's HTTP server accept TCP while the
// PBX behind them (or its WebSocket module) is away, and a probe that said
// "reachable" then sent the whole floor into failing tries (issue 23). Only
// an HTTP 101 that selects `sip` counts; a refusal, a 503, a 404, a close, a
// different subprotocol or no answer within the limit do not. Nothing secret
// is sent (no credentials, no SIP message). On wss the certificate is checked
// as the phone's own connection checks it (system roots plus IT's CA): a
// server whose certificate fails would fail the phone too, so it is not
// "there" for the phone.
import { randomBytes } from 'node:crypto';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Duplex } from 'node:stream';
import { trustedRoots } from '../../api/http-transport';
import type { ProbeTarget } from './tcp-connect';

/** How far a probe got: the port refused (or never answered), something answered that is not a SIP WebSocket, or the SIP service did. */
export type SipProbeOutcome = 'refused' | 'not-sip' | 'sip';

/** A masked close frame (code 1000), as a client must send it (RFC 6455 5.3). */
function closeFrame(): Buffer {
  const mask = randomBytes(4);
  const payload = Buffer.from([0x03, 0xe8]);
  return Buffer.concat([Buffer.from([0x88, 0x80 | payload.length]), mask, Buffer.from(payload.map((b, i) => b ^ (mask[i % 4] ?? 0)))]);
}

/** Probes `target.url`; resolves whether the SIP WebSocket answered. Never throws. `onOutcome` says how far it got (for the log and the bench). */
export interface SipProbeOptions {
  timeoutMs: number;
  signal: AbortSignal;
  /** A private CA (PEM) trusted beside the system's roots, as the app's TLS does everywhere. */
  caPem?: string | null;
  onOutcome?: (outcome: SipProbeOutcome) => void;
}

/** The probe with the CA the app trusts now (read at each probe: a changed setting applies at once). */
export function sipUpgradeProbeTrusting(caPem: () => string | null): (target: ProbeTarget, options: SipProbeOptions) => Promise<boolean> {
  return (target, options) => sipUpgradeProbe(target, { ...options, caPem: caPem() });
}

export function sipUpgradeProbe(target: ProbeTarget, options: SipProbeOptions): Promise<boolean> {
  return new Promise((resolve) => {
    if (options.signal.aborted || !target.url || !URL.canParse(target.url)) {
      resolve(false);
      return;
    }
    const url = new URL(target.url);
    const secure = url.protocol === 'wss:';
    let settled = false;
    let connected = false;
    let req: ClientRequest | null = null;
    const finish = (outcome: SipProbeOutcome, socket?: Duplex): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      if (socket && outcome === 'sip') socket.end(closeFrame(), () => socket.destroy());
      else socket?.destroy();
      req?.destroy();
      options.onOutcome?.(outcome);
      resolve(outcome === 'sip');
    };
    const failed = (): void => finish(connected ? 'not-sip' : 'refused');
    const onAbort = (): void => failed();
    const timer = setTimeout(failed, options.timeoutMs);
    options.signal.addEventListener('abort', onAbort, { once: true });
    const make = secure ? httpsRequest : httpRequest;
    req = make({
      host: target.host,
      port: target.port,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      agent: false,
      ...(secure
        ? { rejectUnauthorized: true, servername: url.hostname.replace(/^\[(.*)\]$/, '$1'), ...(options.caPem ? { ca: trustedRoots([options.caPem]) } : {}) }
        : {}),
      headers: {
        Host: url.host,
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
        'Sec-WebSocket-Protocol': 'sip',
      },
    });
    req.once('socket', (socket) => socket.once(secure ? 'secureConnect' : 'connect', () => (connected = true)));
    req.once('upgrade', (res: IncomingMessage, socket: Duplex) => {
      const protocol = String(res.headers['sec-websocket-protocol'] ?? '').trim().toLowerCase();
      finish(res.statusCode === 101 && protocol === 'sip' ? 'sip' : 'not-sip', socket);
    });
    req.once('response', (res: IncomingMessage) => {
      res.resume();
      finish('not-sip');
    });
    req.once('error', failed);
    req.end();
  });
}
