// RFC 4733 telephone-events (DTMF in RTP): one digit per event, which is sent
// as several packets sharing one RTP timestamp (the end packet up to 3 times).

const EVENT_DIGITS = '0123456789*#ABCD';

export interface TelephoneEvent {
  digit: string;
  end: boolean;
  durationSamples: number;
}

export function parseTelephoneEvent(payload: Uint8Array): TelephoneEvent | undefined {
  if (payload.length < 4) return undefined;
  const digit = EVENT_DIGITS[payload[0] ?? 255];
  if (digit === undefined) return undefined;
  const end = ((payload[1] ?? 0) & 0x80) !== 0;
  const durationSamples = ((payload[2] ?? 0) << 8) | (payload[3] ?? 0);
  return { digit, end, durationSamples };
}

/** Turns a stream of telephone-event packets into digits, each reported once. */
export class DtmfCollector {
  private lastTimestamp: number | undefined;

  constructor(private readonly onDigit: (digit: string) => void) {}

  add(payload: Uint8Array, rtpTimestamp: number): void {
    const event = parseTelephoneEvent(payload);
    if (!event || rtpTimestamp === this.lastTimestamp) return;
    this.lastTimestamp = rtpTimestamp;
    this.onDigit(event.digit);
  }
}
