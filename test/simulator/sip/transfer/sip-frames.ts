// Reads SIP frames a test phone saw on its WebSocket (both ways), so a test
// can say what went over the wire: the NOTIFYs of a REFER, a BYE, a 401.
// Written for the tests, not taken from the simulator.

export interface SipFrame {
  readonly raw: string;
  /** 'in': the phone received it; 'out': the phone sent it. */
  readonly direction: 'in' | 'out';
  readonly at: number;
  /** Request method, or undefined for a response. */
  readonly method?: string;
  /** Response status, or undefined for a request. */
  readonly status?: number;
  readonly callId: string;
  /** The method of the CSeq line (for a response: the request it answers). */
  readonly cseqMethod: string;
  header(name: string): string | undefined;
  readonly body: string;
}

export function readFrame(raw: string, direction: 'in' | 'out'): SipFrame | undefined {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) return undefined;
  const [first = '', ...lines] = raw.slice(0, split).split('\r\n');
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  const response = /^SIP\/2\.0 (\d{3}) /.exec(first);
  const request = /^([A-Z]+) \S+ SIP\/2\.0$/.exec(first);
  if (!response && !request) return undefined;
  return {
    raw,
    direction,
    at: Date.now(),
    ...(request ? { method: request[1] } : {}),
    ...(response ? { status: Number(response[1]) } : {}),
    callId: headers.get('call-id') ?? '',
    cseqMethod: (headers.get('cseq') ?? '').split(/\s+/)[1] ?? '',
    header: (name) => headers.get(name.toLowerCase()),
    body: raw.slice(split + 4),
  };
}

export interface ReferNotify {
  /** The sipfrag's status (`SIP/2.0 180 Ringing` → 180). */
  status: number;
  subscriptionState: string;
  event: string;
  contentType: string;
}

/** The NOTIFYs of a REFER's subscription the phone received in dialog `callId`, in order. */
export function referNotifies(frames: readonly SipFrame[], callId: string): ReferNotify[] {
  return frames
    .filter((frame) => frame.direction === 'in' && frame.method === 'NOTIFY' && frame.callId === callId)
    .map((frame) => ({
      status: Number(/^SIP\/2\.0 (\d{3})/.exec(frame.body)?.[1] ?? 0),
      subscriptionState: frame.header('subscription-state') ?? '',
      event: frame.header('event') ?? '',
      contentType: frame.header('content-type') ?? '',
    }));
}
