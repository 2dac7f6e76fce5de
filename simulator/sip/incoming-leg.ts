// A leg a phone calls: the agent's INVITE to the platform (a consultation, a
// call to a campaign or an outside number, an INVITE with Replaces). The
// platform answers it when the other side does, as Asterisk's Dial() does:
// 180 while the target rings, 200 with SDP when it answers, or the final
// status the target's failure maps to. The phone's CANCEL ends it.
import type { Invitation } from 'sip.js';
import { SessionLeg, type LegEvents, type SessionLegOptions } from './call-leg';

export class IncomingLeg extends SessionLeg {
  readonly direction = 'incoming';
  private rung = false;

  constructor(
    private readonly invitation: Invitation,
    events: LegEvents,
    options: SessionLegOptions,
  ) {
    super(invitation, events, options);
    this.wireDialogRequests();
    invitation.delegate = {
      ...invitation.delegate,
      onCancel: () => this.finish({ endedBy: 'agent', cause: 'the phone cancelled its call (CANCEL)' }),
    };
  }

  get callId(): string {
    return this.invitation.request.callId;
  }

  /** 180 Ringing, once. */
  async ring(): Promise<void> {
    if (this.rung || this.isEnded()) return;
    this.rung = true;
    await this.invitation.progress().catch(() => undefined);
  }

  /** 200 OK with the SDP answer; resolves once sent (onAnswered follows with the ACK). */
  async accept(): Promise<void> {
    if (this.isEnded()) return;
    await this.invitation.accept().catch((error: unknown) => {
      this.finish({ endedBy: 'failed', cause: `answering the phone's INVITE failed: ${error instanceof Error ? error.message : String(error)}` });
    });
  }

  /** Refuses the INVITE with `status` (4xx-6xx); `cause` is what the leg's end says. */
  async reject(status: number, cause: string): Promise<void> {
    await this.hangup('failed', cause, { status });
  }

  protected async abandon(status: number): Promise<void> {
    await this.invitation.reject({ statusCode: status });
  }
}
