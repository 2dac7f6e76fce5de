// The cheapest honest "is the server there?": a TCP connect, closed as soon as
// it succeeds. No WebSocket upgrade, no TLS handshake, nothing sent, so a PBX
// that refuses (RST) or accepts costs the server next to nothing.
import { connect } from 'node:net';

export interface ProbeTarget {
  readonly host: string;
  readonly port: number;
  /** The phone's SIP WebSocket address itself (sip-upgrade-probe.ts asks on its path). */
  readonly url?: string;
}

/** Whether a TCP connection to `target` opens within `timeoutMs`; false on refusal, time-out, DNS failure or abort. Never throws. */
export function tcpConnect(target: ProbeTarget, options: { timeoutMs: number; signal: AbortSignal }): Promise<boolean> {
  return new Promise((resolve) => {
    if (options.signal.aborted) {
      resolve(false);
      return;
    }
    const socket = connect({ host: target.host, port: target.port });
    let settled = false;
    const finish = (connected: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      socket.destroy();
      resolve(connected);
    };
    const onAbort = (): void => finish(false);
    const timer = setTimeout(() => finish(false), options.timeoutMs);
    options.signal.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/**
 * Host, port and address of the phone's SIP WebSocket address (`wss://pbx:8089/ws`);
 * the default ports are 80 for ws and 443 for wss. Null for anything that is
 * not a ws:// or wss:// address.
 */
export function sipProbeTarget(wsUrl: string): ProbeTarget | null {
  if (!URL.canParse(wsUrl)) return null;
  const url = new URL(wsUrl);
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return null;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) return null;
  return { host, port: url.port ? Number(url.port) : url.protocol === 'wss:' ? 443 : 80, url: wsUrl };
}
