// The phone as main needs to know it (tray, notifications, shortcuts, the
// quit guard): registration and the live call, nothing more. Pure.
import type { PhoneStatus } from '../../../common/ipc-contract';
import type { Phone } from '../phone';

export const SIGNED_OUT_PHONE: PhoneStatus = { registration: 'unregistered', call: null };

export function phoneStatusOf(phone: Pick<Phone, 'registration' | 'call'> | null): PhoneStatus {
  if (!phone) return SIGNED_OUT_PHONE;
  const call = phone.call;
  const kind = call?.state.kind;
  return {
    registration: phone.registration.kind,
    call:
      call && kind && kind !== 'ended'
        ? {
            id: call.info.id.slice(0, 128),
            // A call the phone answers by itself (Make Call, auto-answer campaigns) never rings for the agent:
            // no notification, no "ringing" tray for it.
            state: kind === 'ringing' && !call.info.autoAnswer.answer ? 'ringing' : 'in-call',
            caller: (call.info.remoteDisplayName || call.info.remoteUser).slice(0, 128),
            campaign: call.info.cti?.Campaign?.slice(0, 128) || null,
          }
        : null,
  };
}

export function samePhoneStatus(a: PhoneStatus, b: PhoneStatus): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Signed in, registered, and no call ringing or in progress. */
export function isPhoneIdle(status: PhoneStatus): boolean {
  return status.registration === 'registered' && status.call === null;
}
