// sip.js SessionDescriptionHandler backed by the werift customer media, so the
// call originator is an ordinary sip.js UserAgent (transactions, dialogs,
// CANCEL, re-INVITE) with a Node media stack.
import type { Session, SessionDescriptionHandler, SessionDescriptionHandlerFactory } from 'sip.js';
import { CustomerMedia, type CustomerMediaOptions } from '../media/customer-media';

const SDP = 'application/sdp';

export class CustomerSessionDescriptionHandler implements SessionDescriptionHandler {
  constructor(readonly media: CustomerMedia) {}

  async getDescription(): Promise<{ body: string; contentType: string }> {
    // The first call makes the offer of the INVITE; later ones answer a re-offer
    // already applied by setDescription.
    const body = this.pendingOffer ? await this.media.answerOffer(this.takeOffer()) : await this.media.createOffer();
    return { body, contentType: SDP };
  }

  async setDescription(sdp: string): Promise<void> {
    if (this.media.hasLocalOffer()) await this.media.acceptAnswer(sdp);
    else this.pendingOffer = sdp;
  }

  hasDescription(contentType: string): boolean {
    return contentType === SDP;
  }

  sendDtmf(): boolean {
    // The customer never sends DTMF.
    return false;
  }

  close(): void {
    void this.media.close();
  }

  private pendingOffer: string | undefined;

  private takeOffer(): string {
    const offer = this.pendingOffer ?? '';
    this.pendingOffer = undefined;
    return offer;
  }
}

/**
 * A factory that builds one CustomerMedia per session; `mediaOptionsFor` gives
 * per-call options (codecs from the agent's `allow`, DTMF sink) and
 * `onCreated` lets the caller keep the media to read levels.
 */
export function customerSdhFactory(
  mediaOptionsFor: (session: Session) => CustomerMediaOptions,
  onCreated: (session: Session, media: CustomerMedia) => void,
): SessionDescriptionHandlerFactory {
  return (session) => {
    const media = new CustomerMedia(mediaOptionsFor(session));
    onCreated(session, media);
    return new CustomerSessionDescriptionHandler(media);
  };
}
