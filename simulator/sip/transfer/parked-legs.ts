// A transferring agent's leg after the transfer: in no call any more, silent,
// and not hung up by the platform. Asterisk defers its termination: it waits
// for the phone's BYE, and sends BYE itself when none came within 60 s
// (`pbx.transfererByeWaitMs`). The transfer's record says which it was.
import type { TransferRecord } from '../../state/records';
import type { CallLeg } from '../call-leg';
import type { LiveCalls } from '../calls/live-calls';
import type { PbxSettings } from './pbx-settings';

export class ParkedLegs {
  /** The campaign of the call each parked leg was in (a REFER on it is checked against that campaign). */
  private readonly campaignOf = new WeakMap<CallLeg, string>();

  constructor(
    private readonly calls: LiveCalls,
    private readonly settings: PbxSettings,
  ) {}

  park(leg: CallLeg, phone: string, campaign: string, transfer: TransferRecord): void {
    if (leg.isEnded()) {
      transfer.transfererLeg = 'ended';
      return;
    }
    this.calls.park(leg, phone);
    this.campaignOf.set(leg, campaign);
    leg.media()?.setSource(undefined);
    transfer.transfererLeg = 'awaiting-bye';
    let byeSent = false;
    const waitMs = this.settings.transfererByeWaitMs;
    const timer = setTimeout(() => {
      byeSent = true;
      void leg.hangup('transfer', `transferred; the phone sent no BYE within ${waitMs} ms`).catch(() => undefined);
    }, waitMs);
    timer.unref();
    leg.setEvents({
      onEnded: (end) => {
        clearTimeout(timer);
        this.calls.unpark(leg);
        transfer.transfererLeg = byeSent ? 'bye-sent' : end.endedBy === 'agent' ? 'bye-received' : 'ended';
      },
    });
  }

  campaignOfParked(leg: CallLeg): string | undefined {
    return this.campaignOf.get(leg);
  }
}
