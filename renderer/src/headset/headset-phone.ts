// The phone as the headset sees it: the picture of its calls the lights and
// the buttons' rules need (headset-call-control.ts), and a button's action
// carried out on the phone the way the call panel's buttons do it (a ringing
// call beside a live one is taken by the app's call-waiting rule: the live
// one is held).
import type { Phone } from '../phone';
import type { CallPicture, HeadsetAction } from './headset-call-control';

export type HeadsetPhone = Pick<Phone, 'call' | 'waitingCall' | 'heldCall' | 'answer' | 'reject' | 'hangUp' | 'setMuted' | 'hold' | 'resume' | 'swap' | 'takeWaiting' | 'rejectWaiting'>;

export function callPicture(phone: HeadsetPhone): CallPicture {
  const call = phone.call;
  const kind = call?.state.kind;
  const waiting = phone.waitingCall !== null && phone.waitingCall.state.kind === 'ringing';
  return {
    ringing: kind === 'ringing' || waiting,
    live: kind === 'active',
    held: kind === 'held' || (phone.heldCall !== null && phone.heldCall.state.kind === 'held'),
    muted: (kind === 'active' || kind === 'held') && call !== null && call.isMuted,
  };
}

export async function performHeadsetAction(phone: HeadsetPhone, action: HeadsetAction): Promise<void> {
  const waiting = phone.waitingCall !== null && phone.waitingCall.state.kind === 'ringing';
  switch (action) {
    case 'answer':
      return waiting ? phone.takeWaiting('hold-current') : phone.answer();
    case 'reject':
      return waiting ? phone.rejectWaiting() : phone.reject();
    case 'hang-up':
      await phone.hangUp();
      return;
    case 'toggle-mute':
      phone.setMuted(!(phone.call?.isMuted ?? false));
      return;
    case 'hold':
      return phone.hold();
    case 'resume':
      return phone.resume();
    case 'swap':
      return phone.swap();
  }
}
