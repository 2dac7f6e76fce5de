// A leg the platform calls: an INVITE to the phone (a customer's call, a
// transfer's target, a colleague's call). Ringing gives up after the ring
// timeout (CANCEL); a refusal names its status and who refused.
import type { Inviter } from 'sip.js';
import { SessionLeg, type LegEvents, type SessionLegOptions } from './call-leg';

export class OutgoingLeg extends SessionLeg {
  readonly direction = 'outgoing';
  private rang = false;

  constructor(
    private readonly inviter: Inviter,
    events: LegEvents,
    options: SessionLegOptions & { ringTimeoutMs: number },
  ) {
    super(inviter, events, options);
    this.wireDialogRequests();
    this.later(options.ringTimeoutMs, () => void this.hangup('failed', 'no answer').catch(() => undefined));
  }

  /** Sends the INVITE (once the originator knows the leg: its SDH looks the leg up while making the offer). */
  send(): void {
    void this.inviter
      .invite({
        requestDelegate: {
          onProgress: (response) => {
            const status = response.message.statusCode;
            if (status !== 180 && status !== 183) return;
            this.rang = true;
            this.events.onRinging?.();
          },
          onReject: (response) => {
            const status = response.message.statusCode ?? 0;
            const phrase = `${status} ${response.message.reasonPhrase ?? ''}`.trim();
            if (status === 487) return; // our own CANCEL: the hang-up already recorded the end
            // A 480 before any ringing comes from a proxy (the phone is not registered there), not from the agent.
            const byAgent = status === 486 || status === 603 || (status === 480 && this.rang);
            this.finish(
              byAgent ? { endedBy: 'agent', cause: `rejected: ${phrase}`, status } : { endedBy: 'failed', cause: `agent phone answered ${phrase}`, status },
            );
          },
        },
      })
      .catch((error: unknown) => {
        this.finish({ endedBy: 'failed', cause: error instanceof Error ? error.message : 'sending the INVITE failed' });
      });
  }

  get callId(): string {
    return this.inviter.request.callId;
  }

  protected async abandon(): Promise<void> {
    await this.inviter.cancel();
  }
}
