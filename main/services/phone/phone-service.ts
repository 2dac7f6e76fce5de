/**
 * What the page's phone asks of main so that it comes back fast after an
 * outage and the platform knows the agent again (common/ipc/phone.ts):
 *
 *   waitSipReachable {timeoutMs, outageMs?, waitId?}
 *     ─▶ signed in as an agent? ──no──▶ not-signed-in
 *     ─▶ the session's own sip.wsUrl (the page names no host)
 *     ─▶ prober.wait ──▶ { reachable, probes }       a sign-out meanwhile ──▶ not-signed-in
 *                                                    the same waitId with stop ──▶ { reachable: false, probes: 0 }
 *
 *   waitSipReachable {waitId, stop: true}: the page dropped that wait; probing
 *     for it stops now (before, main probed on until the wait's own time-out,
 *     up to 37.5 s) and this request answers { reachable: false, probes: 0 }.
 *
 *   reregistered {offlineMs}   (the registrar lost the phone's binding)
 *     ─▶ session.renew(offlineMs) ──▶ 'started' | 'not-needed' (no agent, a login since then, or refused before)
 *
 *   keepLiveCall {callId, snapshot} / liveCalls {}   (issue 24: live-call-keeper.ts)
 *     the page's live calls kept in memory for a reloaded page to take over
 */
import type { KeepLiveCallRequest, LiveCallSnapshot, ReregisteredReply, ReregisteredRequest, SessionView, WaitSipReachableReply, WaitSipReachableRequest } from '../../../common/ipc-contract';
import { createLiveCallKeeper } from './live-call-keeper';
import { sipProbeTarget, type ReachabilityProber } from '../connectivity';
import type { RenewalStart } from '../session';
import { spokenFailure } from '../spoken-failure';

export interface PhoneServiceDeps {
  session: {
    view(): SessionView;
    onChange(listener: (view: SessionView) => void): () => void;
    /** `offlineMs`: how long the outage that may have cost the login lasted. */
    renew(offlineMs?: number): { renewal: RenewalStart };
  };
  /** Watches the SIP server (createReachabilityProber with sipUpgradeProbe). */
  prober: ReachabilityProber;
  /** One line per event worth a log entry (no secret: host, port, counts, times). */
  log?: (line: string) => void;
}

export interface PhoneService {
  waitSipReachable(request: WaitSipReachableRequest): Promise<WaitSipReachableReply>;
  reregistered(request: ReregisteredRequest): Promise<ReregisteredReply>;
  /** The page's report of a live call (null: it ended); how many main keeps now. */
  keepLiveCall(request: KeepLiveCallRequest): Promise<{ kept: number }>;
  /** The signed-in agent's live calls as the page last reported them (a reloaded page takes them over). */
  liveCalls(): Promise<LiveCallSnapshot[]>;
  /** Ends every wait and stops probing. */
  close(): void;
}

/** Why a wait ended because the page asked: answered as "not reachable", not as an error. */
class StoppedByPage extends Error {}

/** Waits the page may name at once: one phone has one wait; a few more cover a page reloaded meanwhile. */
const NAMED_WAITS_LIMIT = 16;

export function createPhoneService(deps: PhoneServiceDeps): PhoneService {
  const waits = new Set<AbortController>();
  const named = new Map<string, AbortController>();
  const live = createLiveCallKeeper(deps.session);
  const offSession = deps.session.onChange((view) => {
    if (view.state === 'signed-in') return;
    for (const wait of waits) wait.abort(spokenFailure('not-signed-in', 'phone.err.signedOutWhileWaiting'));
  });

  return {
    async waitSipReachable({ timeoutMs, outageMs, waitId, stop }) {
      // Stopping needs no session: a wait the page dropped ends whatever happened since (no name: nothing to stop).
      if (stop) {
        if (waitId !== undefined) named.get(waitId)?.abort(new StoppedByPage());
        return { reachable: false, probes: 0 };
      }
      const view = deps.session.view();
      if (view.state !== 'signed-in' || !view.agent || !view.sip) throw spokenFailure('not-signed-in', 'phone.err.notAgent');
      const target = sipProbeTarget(view.sip.wsUrl);
      if (!target) throw spokenFailure('invalid-request', 'phone.err.noSipServer', { url: view.sip.wsUrl });
      const wait = new AbortController();
      waits.add(wait);
      if (waitId !== undefined) {
        named.get(waitId)?.abort(new StoppedByPage());
        // Bounded: the oldest named wait gives way (a page that never says stop cannot grow this).
        if (named.size >= NAMED_WAITS_LIMIT) [...named.values()][0]?.abort(new StoppedByPage());
        named.set(waitId, wait);
      }
      try {
        const result = await deps.prober.wait(target, { timeoutMs, signal: wait.signal, ...(outageMs === undefined ? {} : { outageMs }) });
        deps.log?.(`Phone: the SIP server ${target.host}:${target.port} is ${result.reachable ? 'reachable' : `still unreachable after ${timeoutMs} ms`} (${result.probes} probes).`);
        return { reachable: result.reachable, probes: result.probes };
      } catch (error) {
        if (error instanceof StoppedByPage) return { reachable: false, probes: 0 };
        throw error;
      } finally {
        waits.delete(wait);
        if (waitId !== undefined && named.get(waitId) === wait) named.delete(waitId);
      }
    },

    async reregistered({ offlineMs }) {
      // The binding went with the connection when the outage began: a login since then covers it.
      const { renewal } = deps.session.renew(offlineMs);
      deps.log?.(`Phone: registered again after ${offlineMs} ms without registration; renewing the agent's login: ${renewal}.`);
      return { renewal };
    },

    async keepLiveCall({ callId, snapshot }) {
      return { kept: live.keep(callId, snapshot) };
    },

    async liveCalls() {
      const calls = live.list();
      if (calls.length > 0) deps.log?.(`Phone: the page asks for its live calls after a reload: ${calls.map((c) => c.state).join(', ')}.`);
      return calls;
    },

    close() {
      live.close();
      offSession();
      deps.prober.close();
    },
  };
}
