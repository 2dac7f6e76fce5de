// The phone's lifecycle follows the session: a Phone is built from the SIP
// credentials main hands over and started when the agent is signed in, and
// stopped (unregistered) as soon as the session leaves `signed-in` — which
// main announces (`signing-out`) before it calls Log Out. A supervisor-only
// session (no agent) has no SIP credentials: no phone is built at all.
import { useEffect, useMemo, useState } from 'react';
import type { Say } from '../../../common/i18n/say';
import type { SessionView, SipCredentials } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';
import { englishForLog } from '../dictionaries';
import { Phone, PhoneError, type ConnectionIndicator } from '../phone';
import { pageSipTrace } from './page-sip-trace';

export interface PhoneHandle {
  /** The running phone while signed in (the calls UI uses it), else null. */
  phone: Phone | null;
  connection: ConnectionIndicator;
  /** Why the phone is not registered (it could not start, or the platform refused or lost it); null while all is well. */
  problem: Say | null;
  /** The phone is about to be built and started (credentials in hand, no phone or problem yet): the UI may wait with what registration does not need. */
  starting: boolean;
}

export function usePhone(api: SoftphoneApi, session: SessionView): PhoneHandle {
  const live = session.state === 'signed-in' && session.agent ? session.sip : null;
  const key = live ? JSON.stringify(live) : '';
  // Same credentials → same phone, even when the session object is a new one.
  const credentials = useMemo<SipCredentials | null>(() => (key ? (JSON.parse(key) as SipCredentials) : null), [key]);
  const [phone, setPhone] = useState<Phone | null>(null);
  const [connection, setConnection] = useState<ConnectionIndicator>('offline');
  const [problem, setProblem] = useState<Say | null>(null);

  useEffect(() => {
    if (!credentials) return;
    // The agent sees it in the page; IT finds it in the log, once per reason (a refusal retried every 5 s would repeat it).
    let logged = '';
    // In English, whose table the page fetches for it if the agent reads Spanish (never before the phone started).
    const report = (say: Say): void => {
      setProblem(say);
      const said = JSON.stringify(say);
      if (said !== logged) void englishForLog(say).then((text) => api.request('workstation.log', { level: 'warn', message: `Phone: ${text}` }));
      logged = said;
    };
    let created: Phone;
    try {
      created = new Phone({
        credentials,
        // One trace for the page's phones, for the diagnostics bundle.
        sipTrace: pageSipTrace,
        // STUN/TURN from the settings or IT's policy (TURN credentials from main's vault); none by default.
        ...(credentials.iceServers?.length ? { iceServers: credentials.iceServers.map((s) => ({ ...s })) } : {}),
        // The phone waits for main's probe (not throttled by Chromium) before each WebSocket attempt;
        // a wait the phone drops is stopped in main too, so main does not probe on for nobody.
        reachability: {
          async waitReachable(timeoutMs, signal, outageMs) {
            const waitId = crypto.randomUUID();
            const stop = (): void => void api.request('phone.waitSipReachable', { timeoutMs: 100, waitId, stop: true });
            signal.addEventListener('abort', stop, { once: true });
            try {
              const reply = await api.request('phone.waitSipReachable', { timeoutMs, outageMs: Math.min(outageMs, 7 * 24 * 3_600_000), waitId });
              if (!reply.ok) throw new Error(reply.error.message);
              return reply.value.reachable && !signal.aborted;
            } finally {
              signal.removeEventListener('abort', stop);
            }
          },
        },
        // sip.js's own chatter stays in the console; our transport's decisions go to the app's log for IT.
        log: (level, category, _label, content) => {
          if (category === 'phone.transport' || level === 'error') void api.request('workstation.log', { level: level === 'error' ? 'error' : 'warn', message: `Phone: ${content}`.slice(0, 2_000) });
          else if (level === 'warn') console.warn(`${category}: ${content}`);
        },
      });
    } catch (error) {
      setConnection('offline');
      report(error instanceof PhoneError ? error.say : { key: 'phone.err.start', params: { detail: error instanceof Error ? error.message : String(error) } });
      return () => setProblem(null);
    }
    setPhone(created);
    setConnection(created.connection);
    const off = created.on('connection', setConnection);
    // A refused registration retried stays shown through its retries (failed → registering → failed) until one succeeds.
    const offRegistration = created.on('registration', (state) => {
      if (state.kind === 'failed') report(state.reason);
      else if (state.kind === 'registered' || state.kind === 'unregistered') {
        setProblem(null);
        logged = '';
      }
    });
    // Registered again on a new connection: the registrar had lost the binding, so main signs the agent in again.
    const offAgain = created.on('registeredAgain', (again) => {
      if (again.newConnection) void api.request('phone.reregistered', { offlineMs: Math.min(again.offlineMs, 7 * 24 * 3_600_000) });
    });
    // Main reports waking from sleep and network changes: re-register at once.
    const offConnectivity = api.subscribe('connectivity.changed', (change) => {
      if (change.reason === 'resumed') created.resumed();
      else if (change.reason === 'network-changed' || change.reason === 'os-online') created.networkChanged();
    });
    void created.start();
    return () => {
      off();
      offAgain();
      offRegistration();
      offConnectivity();
      setProblem(null);
      setPhone(null);
      setConnection('offline');
      void created.stop();
    };
  }, [api, credentials]);

  return { phone, connection, problem, starting: credentials !== null && phone === null && problem === null };
}
