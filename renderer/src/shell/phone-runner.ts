// The phone's lifecycle follows the session, outside React (issue 23): a Phone
// is built from the SIP credentials main hands over and started as soon as the
// app's state says the agent is signed in, and stopped (unregistered) as soon as
// the session leaves `signed-in` — which main announces (`signing-out`) before
// it calls Log Out. A supervisor-only session (no agent) has no SIP credentials:
// no phone is built at all. main.tsx starts it from the page's first chunk, so
// the phone registers while React's chunk is still being parsed; the UI reads
// it through usePhone().
import type { Say } from '../../../common/i18n/say';
import type { SipCredentials } from '../../../common/ipc-contract';
import type { AppStateStore } from '../app-state-store';
import type { SoftphoneApi } from '../bridge';
import { englishForLog } from '../dictionaries';
import { Phone, PhoneError, type ConnectionIndicator, type PhoneOptions } from '../phone';
import { pageSipTrace } from './page-sip-trace';

export interface PhoneHandle {
  /** The running phone while signed in (the calls UI uses it), else null. */
  readonly phone: Phone | null;
  readonly connection: ConnectionIndicator;
  /** Why the phone is not registered (it could not start, or the platform refused or lost it); null while all is well. */
  readonly problem: Say | null;
}

export interface PhoneRunner {
  get(): PhoneHandle;
  subscribe(listener: () => void): () => void;
}

const NO_PHONE: PhoneHandle = { phone: null, connection: 'offline', problem: null };

/** Builds a phone; the page's is sip.js over WebSocket, a test's may use a fake transport. */
export type BuildPhone = (options: PhoneOptions) => Phone;

/** Lives as long as the page, like the app's state it follows. */
export function startPhoneRunner(store: AppStateStore, buildPhone: BuildPhone = (options) => new Phone(options)): PhoneRunner {
  const { api } = store.connected;
  let handle = NO_PHONE;
  const listeners = new Set<() => void>();
  const publish = (next: Partial<PhoneHandle>): void => {
    handle = { ...handle, ...next };
    for (const listener of listeners) listener();
  };
  let runningFor = '';
  let stopRunning: (() => void) | null = null;
  const follow = (): void => {
    const { state } = store.get();
    const live = state.status === 'ready' && state.session.state === 'signed-in' && state.session.agent ? state.session.sip : null;
    // Same credentials → same phone, even when the session object is a new one.
    const key = live ? JSON.stringify(live) : '';
    if (key === runningFor) return;
    stopRunning?.();
    stopRunning = null;
    runningFor = key;
    if (live) stopRunning = runPhone(api, live, publish, buildPhone);
  };
  store.subscribe(follow);
  follow();
  return {
    get: () => handle,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** Builds and starts one phone; the function it returns stops it. */
function runPhone(api: SoftphoneApi, credentials: SipCredentials, publish: (next: Partial<PhoneHandle>) => void, buildPhone: BuildPhone): () => void {
  // The agent sees it in the page; IT finds it in the log, once per reason (a refusal retried every 5 s would repeat it).
  let logged = '';
  // In English, whose table the page fetches for it if the agent reads Spanish (never before the phone started).
  const report = (say: Say): void => {
    publish({ problem: say });
    const said = JSON.stringify(say);
    if (said !== logged) void englishForLog(say).then((text) => api.request('workstation.log', { level: 'warn', message: `Phone: ${text}` }));
    logged = said;
  };
  let created: Phone;
  try {
    created = buildPhone({
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
    report(error instanceof PhoneError ? error.say : { key: 'phone.err.start', params: { detail: error instanceof Error ? error.message : String(error) } });
    return () => publish(NO_PHONE);
  }
  publish({ phone: created, connection: created.connection, problem: null });
  const offs = [
    created.on('connection', (connection) => publish({ connection })),
    // A refused registration retried stays shown through its retries (failed → registering → failed) until one succeeds.
    created.on('registration', (state) => {
      if (state.kind === 'failed') report(state.reason);
      else if (state.kind === 'registered' || state.kind === 'unregistered') {
        publish({ problem: null });
        logged = '';
      }
    }),
    // Registered again on a new connection: the registrar had lost the binding, so main signs the agent in again.
    created.on('registeredAgain', (again) => {
      if (again.newConnection) void api.request('phone.reregistered', { offlineMs: Math.min(again.offlineMs, 7 * 24 * 3_600_000) });
    }),
    // Main reports waking from sleep and network changes: re-register at once.
    api.subscribe('connectivity.changed', (change) => {
      if (change.reason === 'resumed') created.resumed();
      else if (change.reason === 'network-changed' || change.reason === 'os-online') created.networkChanged();
    }),
  ];
  void created.start();
  return () => {
    for (const off of offs) off();
    publish(NO_PHONE);
    void created.stop();
  };
}

// main.tsx takes both from this chunk, the one it imports before the UI's.
export { whenPhoneSettles } from './phone-settles';
