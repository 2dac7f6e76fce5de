/** A session description handler without WebRTC: answers any offer with a fixed SDP, records DTMF and hold. */
import type { BodyAndContentType, SessionDescriptionHandler, SessionDescriptionHandlerFactory, SessionDescriptionHandlerOptions } from 'sip.js';

export class FakeSdh implements SessionDescriptionHandler {
  static last: FakeSdh | null = null;
  readonly dtmf: string[] = [];
  holds: boolean[] = [];
  /** For each description it made: whether it restarted ICE. */
  iceRestarts: boolean[] = [];
  closed = false;
  private hasRemote = false;
  close(): void {
    this.closed = true;
  }
  async getDescription(options?: SessionDescriptionHandlerOptions): Promise<BodyAndContentType> {
    const hold = (options as { hold?: boolean } | undefined)?.hold === true;
    this.holds.push(hold);
    this.iceRestarts.push((options as { offerOptions?: { iceRestart?: boolean } } | undefined)?.offerOptions?.iceRestart === true);
    const dir = hold ? 'sendonly' : 'sendrecv';
    return {
      contentType: 'application/sdp',
      body: `v=0\r\no=- 2 2 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 5000 RTP/AVP 0\r\na=${dir}\r\n`,
    };
  }
  hasDescription(contentType: string): boolean {
    return contentType === 'application/sdp';
  }
  async setDescription(): Promise<void> {
    this.hasRemote = true;
  }
  sendDtmf(tones: string): boolean {
    if (!this.hasRemote) return false;
    this.dtmf.push(tones);
    return true;
  }
}

export const fakeSdhFactory: SessionDescriptionHandlerFactory = () => (FakeSdh.last = new FakeSdh());
