// A page that was reloaded (or whose renderer crashed and was reloaded) takes
// back the calls the earlier page had (issue 24): asked of main as soon as the
// phone exists, sent as soon as its WebSocket is up (Phone.takeOver):
//
//   main's live calls ──ringing──▶ a missed call ("the page was reloaded while it rang")
//                    ──active/held──▶ the call panel at once (timer, CTI, notes, hold, mute),
//                                     then the take-over (phone/call/taken-over-call.ts)
//                                       ├─ taken ─▶ "your call is back"
//                                       └─ lost ──▶ the call ends as dropped (its wrap-up is asked
//                                                   for) and the platform is asked to end it
//                                                   (Hang Up Call), unless the phone has another
//                                                   live call: Hang Up Call names only the phone,
//                                                   and must never end a newer call.
// A consultation leg (issue 22) is taken back after its customer's call and
// linked to it again (Phone.takeOver); a lost one is never hung up with Hang
// Up Call (that would end the customer's call): the customer stays held.
import { useEffect, useRef, useState } from 'react';
import type { LiveCallSnapshot } from '../../../common/ipc-contract';
import type { Say } from '../../../common/i18n/say';
import type { SoftphoneApi } from '../bridge';
import type { Phone } from '../phone';

export type TakeoverNotice =
  | { readonly kind: 'recovering' | 'recovered' | 'consultationRecovered' | 'consultationCancelled' | 'consultationNotCancelled' | 'missed'; readonly caller: string }
  | { readonly kind: 'failed' | 'failedNoHangUp' | 'consultationLost'; readonly caller: string; readonly cause: Say };

const callerOf = (s: LiveCallSnapshot): string => s.cti?.Callerid || s.remoteUser || s.placed?.destination || '';

/** `adopt`: the calls UI takes the call as its own before the take-over (answered, notes, the Make Call it answers). */
export function useCallTakeover(api: SoftphoneApi, phone: Phone | null, adopt: (snapshot: LiveCallSnapshot) => void): [TakeoverNotice | null, () => void] {
  const [notice, setNotice] = useState<TakeoverNotice | null>(null);
  // The call a "your call continues" notice is about: the notice goes when that call ends (it would no longer be true).
  const continuing = useRef<string | null>(null);
  useEffect(() => {
    if (!phone) return;
    return phone.on('call', ({ call, state }) => {
      if (state.kind !== 'ended' || continuing.current !== call.id) return;
      continuing.current = null;
      setNotice((shown) => (shown && (shown.kind === 'recovering' || shown.kind === 'recovered' || shown.kind === 'consultationRecovered') ? null : shown));
    });
  }, [phone]);
  useEffect(() => {
    if (!phone) return;
    let live = true;
    const takeBack = async (): Promise<void> => {
      const reply = await api.request('phone.liveCalls', {});
      if (!live || !reply.ok) return;
      // Customers' calls first: a consultation is linked again to its customer's call once both are back.
      const calls = [...reply.value].sort((a, b) => Number(Boolean(a.consultation)) - Number(Boolean(b.consultation)));
      for (const snapshot of calls) {
        const caller = callerOf(snapshot);
        // A consultation still ringing: the target stops ringing (a CANCEL); the customer is taken back held.
        if (snapshot.consultation && snapshot.dialling) {
          void api.request('phone.keepLiveCall', { callId: snapshot.id, snapshot: null });
          const cancelled = await phone.cancelDiallingConsultation(snapshot.dialling);
          if (live) setNotice({ kind: cancelled ? 'consultationCancelled' : 'consultationNotCancelled', caller });
          continue;
        }
        if (snapshot.state === 'ringing' || snapshot.dialog === null) {
          phone.ringLostWithPage(snapshot);
          void api.request('phone.keepLiveCall', { callId: snapshot.id, snapshot: null });
          setNotice({ kind: 'missed', caller });
          continue;
        }
        adopt(snapshot);
        continuing.current = snapshot.id;
        setNotice({ kind: 'recovering', caller });
        const outcome = await phone.takeOver({ ...snapshot, dialog: snapshot.dialog });
        if (outcome.kind === 'taken') {
          setNotice({ kind: snapshot.consultation ? 'consultationRecovered' : 'recovered', caller });
          continue;
        }
        const state = phone.call?.id === snapshot.id ? phone.call.state : null;
        const cause: Say = state?.kind === 'ended' && state.reason ? state.reason : { key: 'phone.takeover.noAnswer', params: {} };
        const others = [phone.call, phone.heldCall, phone.waitingCall].some((c) => c && c.id !== snapshot.id && c.state.kind !== 'ended');
        // A consultation leg is not the platform's call for this phone (the customer's is): Hang Up Call never ends it.
        if (snapshot.consultation) {
          if (live) setNotice({ kind: 'consultationLost', caller, cause });
          continue;
        }
        const hungUp = others ? false : await api.request('calls.hangUp', {}).then((r) => r.ok);
        if (live) setNotice({ kind: hungUp ? 'failed' : 'failedNoHangUp', caller, cause });
      }
    };
    void takeBack();
    return () => {
      live = false;
    };
  }, [api, phone, adopt]);
  return [notice, () => setNotice(null)];
}
