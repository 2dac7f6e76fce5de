// The agent's recent calls: every answered call that ends (or that is cut
// off: network, platform restart, lost connection) is kept by main with the missed ones (use-missed-calls.ts
// records those), so the agent sees the last 30 days and calls back in one
// click. Read when the list is opened, and again after each call.
import { useCallback, useEffect, useState } from 'react';
import type { FinishedCall, IpcError, RecentCall } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import type { Phone, PhoneCall } from '../phone';
import { callTransferOf } from './call-view';
import { chosenTransfer, type ChosenTransfer } from './transfer/transfer-log';

export interface RecentCalls {
  calls: RecentCall[];
  error: IpcError | null;
  reload(): void;
}

/** The record of an answered call that ended, or null for one never answered (missed calls are recorded apart). */
export function finishedCallOf(call: PhoneCall, endedAt: Date = new Date(), chosen: ChosenTransfer | null = null): FinishedCall | null {
  const state = call.state;
  // A consultation is the agent's call to a colleague about a customer: the customer's call is the one kept.
  if (state.kind !== 'ended' || call.activeSince === null || call.role === 'consultation') return null;
  const transfer = callTransferOf(call, chosen);
  const cti = call.info.cti;
  // Its quality over time, when audio could be measured at all (a timeline with points).
  const quality = call.qualityTimeline();
  return {
    id: call.id.slice(0, 200),
    guid: cti?.Guid?.slice(0, 200) ?? null,
    caller: (cti?.Callerid || call.info.remoteUser).slice(0, 64),
    campaign: cti?.Campaign?.slice(0, 256) ?? null,
    offeredAt: new Date(call.offeredAt).toISOString(),
    endedAt: endedAt.toISOString(),
    outcome: transfer ? 'transferred' : state.cause === 'network-dropped' ? 'dropped' : 'answered',
    // What cut it off, when the phone knows (a refresh after an outage found it gone).
    ...(!transfer && state.cause === 'network-dropped' && state.loss ? { cut: state.loss } : {}),
    ...(transfer ? { transfer } : {}),
    talkSeconds: Math.max(0, Math.round((endedAt.getTime() - call.activeSince) / 1000)),
    ...(quality && quality.points.length > 0 ? { quality } : {}),
  };
}

export function useRecentCalls(api: SoftphoneApi, phone: Phone | null): RecentCalls {
  const [calls, setCalls] = useState<RecentCall[]>([]);
  const [error, setError] = useState<IpcError | null>(null);
  const reload = useCallback(() => {
    void api.request('calls.recentCalls', {}).then((r) => {
      if (r.ok) {
        setCalls(r.value);
        setError(null);
      } else setError(r.error);
    });
  }, [api]);

  useEffect(reload, [reload]);

  useEffect(() => {
    if (!phone) return;
    const offCall = phone.on('call', ({ call }) => {
      const finished = finishedCallOf(call, new Date(), chosenTransfer(phone, call.id));
      if (!finished) return;
      void api.request('calls.recordFinished', finished).then((r) => (r.ok ? setCalls(r.value) : setError(r.error)));
    });
    // A missed call is recorded by use-missed-calls; the history follows a moment later.
    const offMissed = phone.on('missed', () => setTimeout(reload, 300));
    return () => {
      offCall();
      offMissed();
    };
  }, [api, phone, reload]);

  return { calls, error, reload };
}
