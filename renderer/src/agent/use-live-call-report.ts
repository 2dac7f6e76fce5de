// Tells main, on every change of a live call, what a reloaded page needs to
// take it over (issue 24): its SIP dialog and what the agent sees of it, the
// notes typed so far included (live-call-snapshot.ts). Nothing is sent when
// nothing changed; the end of a call is reported once, so main forgets it.
import { useEffect, useRef } from 'react';
import type { LiveCallSnapshot } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import { liveCallSnapshot, type Phone, type PhoneCall } from '../phone';
import { chosenTransfer } from './transfer/transfer-log';

export function useLiveCallReport(
  api: SoftphoneApi,
  phone: Phone | null,
  notes: Readonly<Record<string, string>>,
  placedFor: (call: PhoneCall) => LiveCallSnapshot['placed'],
): void {
  const notesRef = useRef(notes);
  notesRef.current = notes;
  const placedRef = useRef(placedFor);
  placedRef.current = placedFor;
  const reportAll = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!phone) return;
    const sent = new Map<string, string>();
    const report = (call: PhoneCall): void => {
      if (call.state.kind === 'ended') {
        if (!sent.delete(call.id)) return;
        void api.request('phone.keepLiveCall', { callId: call.id, snapshot: null });
        return;
      }
      const transfer = phone.blindTransferUnderWay(call.id);
      const chosen = chosenTransfer(phone, call.id);
      const snapshot = liveCallSnapshot(call, {
        notes: notesRef.current[call.id] ?? '', placed: placedRef.current(call),
        ...(transfer ? { transfer } : {}), ...(chosen ? { chosenTransfer: { ...chosen, name: chosen.name.slice(0, 256) } } : {}),
      });
      if (!snapshot) return;
      const text = JSON.stringify(snapshot);
      if (sent.get(call.id) === text) return;
      sent.set(call.id, text);
      void api.request('phone.keepLiveCall', { callId: call.id, snapshot });
    };
    reportAll.current = () => {
      for (const call of [phone.call, phone.heldCall, phone.waitingCall]) if (call) report(call);
    };
    // A transfer's progress too: a page reloaded during a blind transfer hands it to the next (issue 24).
    const offs = [phone.on('call', ({ call }) => report(call)), phone.on('mute', () => reportAll.current()), phone.on('transfer', () => reportAll.current())];
    // The phone may have had a call before this subscription (it starts before the UI, phone-runner.ts).
    reportAll.current();
    return () => {
      for (const off of offs) off();
      reportAll.current = () => undefined;
      // This phone goes away in this page (sign-out, new credentials) and hangs its calls up: nothing to take over.
      // A reload or a crash never gets here, so main keeps what the page reported last.
      for (const callId of sent.keys()) void api.request('phone.keepLiveCall', { callId, snapshot: null });
    };
  }, [api, phone]);

  // Every keystroke of the notes: a reload a moment later loses none of them.
  useEffect(() => reportAll.current(), [notes]);
}
