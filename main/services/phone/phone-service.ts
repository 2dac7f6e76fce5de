/**
 * What the page's phone asks of main so that it comes back fast after an
 * outage and the platform knows the agent again (common/ipc/phone.ts):
 *
 *   waitSipReachable {timeoutMs}
 *     ─▶ signed in as an agent? ──no──▶ not-signed-in
 *     ─▶ host:port of the session's own sip.wsUrl (the page names no host)
 *     ─▶ prober.wait ──▶ { reachable, probes }       a sign-out meanwhile ──▶ not-signed-in
 *
 *   reregistered {offlineMs}   (the registrar lost the phone's binding)
 *     ─▶ session.renew(offlineMs) ──▶ 'started' | 'not-needed' (no agent, a login since then, or refused before)
 */
import type { ReregisteredReply, ReregisteredRequest, SessionView, WaitSipReachableReply, WaitSipReachableRequest } from '../../../common/ipc-contract';
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
  /** Watches the SIP server (createReachabilityProber with tcpConnect). */
  prober: ReachabilityProber;
  /** One line per event worth a log entry (no secret: host, port, counts, times). */
  log?: (line: string) => void;
}

export interface PhoneService {
  waitSipReachable(request: WaitSipReachableRequest): Promise<WaitSipReachableReply>;
  reregistered(request: ReregisteredRequest): Promise<ReregisteredReply>;
  /** Ends every wait and stops probing. */
  close(): void;
}

export function createPhoneService(deps: PhoneServiceDeps): PhoneService {
  const waits = new Set<AbortController>();
  const offSession = deps.session.onChange((view) => {
    if (view.state === 'signed-in') return;
    for (const wait of waits) wait.abort(spokenFailure('not-signed-in', 'phone.err.signedOutWhileWaiting'));
  });

  return {
    async waitSipReachable({ timeoutMs }) {
      const view = deps.session.view();
      if (view.state !== 'signed-in' || !view.agent || !view.sip) throw spokenFailure('not-signed-in', 'phone.err.notAgent');
      const target = sipProbeTarget(view.sip.wsUrl);
      if (!target) throw spokenFailure('invalid-request', 'phone.err.noSipServer', { url: view.sip.wsUrl });
      const wait = new AbortController();
      waits.add(wait);
      try {
        const result = await deps.prober.wait(target, { timeoutMs, signal: wait.signal });
        deps.log?.(`Phone: the SIP server ${target.host}:${target.port} is ${result.reachable ? 'reachable' : `still unreachable after ${timeoutMs} ms`} (${result.probes} probes).`);
        return { reachable: result.reachable, probes: result.probes };
      } finally {
        waits.delete(wait);
      }
    },

    async reregistered({ offlineMs }) {
      // The binding went with the connection when the outage began: a login since then covers it.
      const { renewal } = deps.session.renew(offlineMs);
      deps.log?.(`Phone: registered again after ${offlineMs} ms without registration; renewing the agent's login: ${renewal}.`);
      return { renewal };
    },

    close() {
      offSession();
      deps.prober.close();
    },
  };
}
