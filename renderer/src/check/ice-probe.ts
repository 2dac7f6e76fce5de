// The ICE step of the shift-start check: for each configured STUN/TURN
// address (each URL on its own, so a TURN server's UDP, TCP and TLS are told
// apart), a throw-away peer connection gathers candidates for a few seconds
// and says which types appeared: host (this computer), srflx (seen through
// NAT: the STUN answered), relay (the TURN server gave an allocation; with
// how it is reached). No call and no signalling: nothing leaves but STUN/TURN.

export interface IceProbe {
  readonly url: string;
  /** What the URL is: a STUN or a TURN server, and the transport it names. */
  readonly kind: 'stun' | 'turn';
  readonly transport: 'udp' | 'tcp' | 'tls';
  readonly host: boolean;
  readonly srflx: boolean;
  readonly relay: boolean;
  /** An error Chromium reported for this server (icecandidateerror), e.g. 701 or a 401 from TURN. */
  readonly error: string | null;
}

export function urlKind(url: string): { kind: 'stun' | 'turn'; transport: 'udp' | 'tcp' | 'tls' } {
  const lower = url.toLowerCase();
  const secure = lower.startsWith('turns:') || lower.startsWith('stuns:');
  const transport = /[?&]transport=tcp/u.test(lower) ? (secure ? 'tls' : 'tcp') : secure ? 'tls' : 'udp';
  return { kind: lower.startsWith('turn') ? 'turn' : 'stun', transport };
}

/** Gathers for every URL of every server at once, for at most `timeoutMs`. */
export async function probeIceServers(servers: readonly RTCIceServer[], timeoutMs: number, signal: AbortSignal): Promise<IceProbe[]> {
  const urls = servers.flatMap((server) => (Array.isArray(server.urls) ? server.urls : [server.urls]).map((url) => ({ url, server })));
  return Promise.all(urls.map(({ url, server }) => probeOne(url, server, timeoutMs, signal)));
}

async function probeOne(url: string, server: RTCIceServer, timeoutMs: number, signal: AbortSignal): Promise<IceProbe> {
  const found = { host: false, srflx: false, relay: false };
  let error: string | null = null;
  const pc = new RTCPeerConnection({ iceServers: [{ ...server, urls: url }] });
  try {
    pc.createDataChannel('check');
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      const finish = (): void => {
        clearTimeout(timer);
        resolve();
      };
      signal.addEventListener('abort', finish, { once: true });
      pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && finish());
      pc.addEventListener('icecandidate', (event) => {
        const type = event.candidate?.type;
        if (type === 'host' || type === 'srflx' || type === 'relay') found[type] = true;
        else if (type === 'prflx') found.srflx = true;
      });
      pc.addEventListener('icecandidateerror', (event) => {
        const e = event as RTCPeerConnectionIceErrorEvent;
        error = `${e.errorCode} ${e.errorText}`.trim().slice(0, 200);
      });
    });
    await pc.setLocalDescription(await pc.createOffer());
    await done;
  } catch (cause) {
    error = cause instanceof Error ? cause.message.slice(0, 200) : String(cause);
  } finally {
    pc.close();
  }
  return { url, ...urlKind(url), ...found, error };
}
