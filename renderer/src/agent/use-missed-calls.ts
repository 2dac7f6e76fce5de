// Calls that rang and were not taken, kept by main per agent until the agent
// dismisses them: every `missed` the phone reports is recorded there at once
// (so it survives a reload or a restart), and the list main answers is shown.
import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyAgent } from './agent-notification';
import type { IpcError, MissedCall } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import type { Phone, PhoneEvents } from '../phone';
import { callerOf } from './call-view';
import { phoneDigits } from '../../../common/phone-number';

export interface MissedCalls {
  missed: MissedCall[];
  error: IpcError | null;
  dismiss(ids: string[] | 'all'): void;
}

/** The record main keeps of a missed call the phone reported. */
export function missedCallOf(m: PhoneEvents['missed'], endedAt: Date = new Date()): MissedCall {
  return {
    id: m.callId.slice(0, 200),
    guid: m.cti?.Guid?.slice(0, 200) ?? null,
    caller: callerOf(m).slice(0, 64),
    campaign: m.cti?.Campaign?.slice(0, 256) ?? null,
    offeredAt: new Date(m.offeredAt).toISOString(),
    endedAt: endedAt.toISOString(),
    reason: m.reason,
  };
}

/** `notify`: the notification's title and body for a missed call (in the agent's language). */
export function useMissedCalls(api: SoftphoneApi, phone: Phone | null, notify?: (call: MissedCall) => { title: string; body: string }): MissedCalls {
  const notifyRef = useRef(notify);
  notifyRef.current = notify;
  const [missed, setMissed] = useState<MissedCall[]>([]);
  const [error, setError] = useState<IpcError | null>(null);

  useEffect(() => {
    let live = true;
    void api.request('calls.missedCalls', {}).then((r) => {
      if (!live) return;
      if (r.ok) setMissed(r.value);
      else setError(r.error);
    });
    return () => {
      live = false;
    };
  }, [api]);

  useEffect(() => {
    if (!phone) return;
    return phone.on('missed', (m) => {
      const record = missedCallOf(m);
      const text = notifyRef.current?.(record);
      if (text) notifyAgent(text.title, text.body, `missed-${record.id}`);
      // Shown at once; main's answer (the kept list) replaces it.
      setMissed((list) => [record, ...list.filter((x) => x.id !== record.id)]);
      void api.request('calls.recordMissed', record).then((r) => {
        if (r.ok) setMissed(r.value);
        else setError(r.error);
      });
    });
  }, [api, phone]);

  const dismiss = useCallback(
    (ids: string[] | 'all') => {
      void api.request('calls.dismissMissed', ids === 'all' ? { all: true } : { ids }).then((r) => {
        if (r.ok) {
          setMissed(r.value);
          setError(null);
        } else setError(r.error);
      });
    },
    [api],
  );

  // A missed caller reached since (called back, or calling again and answered) is done: the entry goes by itself.
  const shown = useRef(missed);
  shown.current = missed;
  useEffect(() => {
    if (!phone) return;
    return phone.on('call', ({ call, state }) => {
      if (state.kind !== 'active') return;
      const reached = phoneDigits(callerOf(call.info));
      const done = shown.current.filter((m) => reached !== '' && phoneDigits(m.caller) === reached).map((m) => m.id);
      if (done.length > 0) dismiss(done);
    });
  }, [phone, dismiss]);

  return { missed, error, dismiss };
}
