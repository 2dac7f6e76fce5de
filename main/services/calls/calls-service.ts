// The calls area's service in main: the campaigns an agent calls through,
// Make Call with the agent's own fields, the API's Hang Up Call (the phone's
// fallback when SIP signalling is gone), and dispositions into the durable
// outbox (journal first, sent with backoff until the platform says OK).
import {
  type CallsSetup,
  type DispositionRequest,
  type MakeCallRequest,
  type OutboxStatusView,
  type PlacedCall,
  type SessionView,
  type WrapUpRecord,
} from '../../../common/ipc-contract';
import { dispositionRequestSchema } from '../../../common/ipc-contract';
import { normalisePhoneNumber, phoneNumberProblemKey, PROBLEM_PARAMS } from '../../../common/phone-number';
import type { BackoffPolicy } from '../../../common/backoff';
import type { Disposition } from '../../../common/domain/disposition';
import { isIntegraError } from '../../api';
import type { Connectivity } from '../connectivity';
import { openDispositionOutbox, type Outbox } from '../outbox';
import type { CallingAgent, CallsApi } from './calls-api';
import { spokenFailure } from '../spoken-failure';
import { toCallsFailure } from './calls-failure';
import { fileCallsPreferences, type PreferencesStore } from './calls-preferences';
import { loadDispositionChoices } from './disposition-choices';
import { manualCampaigns, pickCampaign } from './manual-campaigns';
import { openPendingWrapUps, type PendingWrapUps } from './pending-wrap-ups';

export interface CallsDeps {
  session: { view(): SessionView; client(): CallsApi | null; onChange?(listener: (view: SessionView) => void): () => void };
  /** The app's data folder: outbox journal (`outbox/`), `calls.json`, `disposition-choices.json`. */
  dataDir: string;
  /** The `context` of the signed-in agent's record (agent-record-tap.ts), or null when unknown. */
  agentContext: (phone: string) => string | null;
  connectivity?: Pick<Connectivity, 'reportSuccess' | 'reportNetworkFailure' | 'onChange'>;
  preferences?: PreferencesStore;
  /** Outbox retry schedule (tests shorten it). */
  outboxBackoff?: BackoffPolicy;
}

export interface CallsService {
  setup(): Promise<CallsSetup>;
  makeCall(request: MakeCallRequest): Promise<PlacedCall>;
  hangUp(): Promise<{ hungUp: boolean }>;
  submitDisposition(request: DispositionRequest): Promise<{ id: string; status: OutboxStatusView }>;
  outboxStatus(): Promise<OutboxStatusView>;
  onOutboxStatus(listener: (status: OutboxStatusView) => void): () => void;
  /** The signed-in agent's finished calls still waiting for a disposition, oldest first. */
  pendingWrapUps(): Promise<WrapUpRecord[]>;
  keepWrapUp(record: WrapUpRecord): Promise<WrapUpRecord[]>;
  /** The agent confirmed that this call gets no disposition. */
  discardWrapUp(guid: string): Promise<WrapUpRecord[]>;
  close(): Promise<void>;
}

/** Asterisk's context for agents as the spec's login record shows it, used when the record gave none. */
export const DEFAULT_AGENT_CONTEXT = 'agents';

const IDLE: OutboxStatusView = { pending: 0, sending: false, lastError: null, parked: 0, nextRetryAt: null };

/** A lower layer's own words (a file system error), kept as the technical detail of a spoken error. */
const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function createCallsService(deps: CallsDeps): CallsService {
  const preferences = deps.preferences ?? fileCallsPreferences(deps.dataDir);
  const statusListeners = new Set<(status: OutboxStatusView) => void>();
  const publish = (status: OutboxStatusView): void => {
    for (const listener of [...statusListeners]) listener(status);
  };
  let wrapUpStore: PendingWrapUps | null = null;
  const wrapUps = (): PendingWrapUps => {
    try {
      wrapUpStore ??= openPendingWrapUps(`${deps.dataDir}/outbox`);
      return wrapUpStore;
    } catch (error) {
      throw spokenFailure('internal', 'calls.err.wrapUpsUnreadable', { dir: `${deps.dataDir}/outbox`, detail: reason(error) });
    }
  };
  const saveWrapUps = <T>(what: (store: PendingWrapUps) => T): T => {
    const store = wrapUps();
    try {
      return what(store);
    } catch (error) {
      throw spokenFailure('internal', 'calls.err.wrapUpsUnsaved', { dir: `${deps.dataDir}/outbox`, detail: reason(error) });
    }
  };
  const client = (): CallsApi => {
    const api = deps.session.client();
    if (!api) throw spokenFailure('not-signed-in', 'calls.err.signInFirst');
    return api;
  };

  // The outbox opens at once so that dispositions left by a previous run are sent without waiting for the page.
  const outboxReady: Promise<Outbox<Disposition>> = openDispositionOutbox({
    dir: `${deps.dataDir}/outbox`,
    client: {
      callDisposition: (disposition, options) => {
        const api = deps.session.client();
        if (!api) return Promise.reject(new Error('No agent is signed in; the disposition waits until one is.'));
        return api.callDisposition(disposition, options);
      },
    },
    ...(deps.connectivity ? { connectivity: deps.connectivity, online: deps.connectivity } : {}),
    ...(deps.outboxBackoff ? { backoff: deps.outboxBackoff } : {}),
  }).then((outbox) => {
    outbox.on('status', publish);
    outbox.start();
    return outbox;
  });
  outboxReady.catch(() => undefined); // reported by the calls that need it
  // Who had the calls: a call cut by the sign-out itself reaches main while signing out or just after.
  let lastAgentName: string | null = null;
  const offSession = deps.session.onChange?.((view) => {
    if (view.state === 'signed-in' && view.agent) lastAgentName = view.agent.name;
    if (view.state === 'signed-in') void outboxReady.then((o) => o.retryNow(), () => undefined);
  });

  async function outbox(): Promise<Outbox<Disposition>> {
    try {
      return await outboxReady;
    } catch (error) {
      throw spokenFailure('internal', 'calls.err.journalUnopened', { dir: `${deps.dataDir}/outbox`, detail: reason(error) });
    }
  }

  function agent(): CallingAgent {
    const view = deps.session.view();
    if (view.state !== 'signed-in' || !view.agent) throw spokenFailure('not-signed-in', 'calls.err.signInFirst');
    const { name, extension } = view.agent;
    lastAgentName = name;
    return { name, extension, context: deps.agentContext(extension) ?? DEFAULT_AGENT_CONTEXT };
  }

  return {
    async setup() {
      agent();
      const api = client();
      const { choices, problem: choicesProblem } = loadDispositionChoices(deps.dataDir);
      let problem = choicesProblem;
      let campaigns: Awaited<ReturnType<CallsApi['getCampaigns']>> = [];
      try {
        campaigns = await api.getCampaigns();
      } catch (error) {
        problem = toCallsFailure(error, 'getCampaigns', { key: 'calls.err.campaigns', params: {} }).message;
      }
      // Dialers are optional: an agent token may not be allowed to list them (then the callback dialer is typed).
      const dialers = await api.getDialers().then((list) => list.map((d) => d.campaign), () => []);
      const offered = manualCampaigns(campaigns);
      // A damaged list of waiting wrap-ups was set aside at start: said once here, beside the other setup problems.
      const wrapUpsProblem = (() => {
        try {
          return wrapUps().problem;
        } catch (error) {
          return error instanceof Error ? error.message : String(error);
        }
      })();
      if (wrapUpsProblem) problem = problem ? `${problem} ${wrapUpsProblem}` : wrapUpsProblem;
      return {
        manualCampaigns: offered,
        lastCampaign: pickCampaign(offered, preferences.read().lastCampaign),
        autoAnswerCampaigns: campaigns.filter((c) => (c.record.auto_answer ?? '').trim() === '1').map((c) => c.name),
        dialers,
        dispositionChoices: choices,
        problem,
      };
    },

    async makeCall(request) {
      const who = agent();
      const number = normalisePhoneNumber(request.number);
      if (!number.ok) throw spokenFailure('invalid-request', phoneNumberProblemKey(number.problem), PROBLEM_PARAMS, 'number');
      const api = client();
      const campaigns = manualCampaigns(await api.getCampaigns().catch((e: unknown) => {
        throw toCallsFailure(e, 'getCampaigns', { key: 'calls.err.campaigns', params: {} });
      }));
      const campaign = campaigns.find((c) => c.name === request.campaign);
      if (!campaign) {
        throw spokenFailure('invalid-request', 'calls.err.noDid', { campaign: request.campaign }, 'campaign');
      }
      preferences.write({ lastCampaign: campaign.name });
      const destination = number.value.number;
      try {
        const guid = await api.makeCall({
          callerid: campaign.did, agent: who.name, phone: who.extension, tech: 'SIP', context: who.context, outqueue: campaign.name, destination,
        });
        return { guid, destination, extension: number.value.extension ?? null, campaign: campaign.name, callerid: campaign.did };
      } catch (error) {
        throw toCallsFailure(error, 'makeCall', { key: 'calls.err.makeCall', params: { destination, campaign: campaign.name } });
      }
    },

    async hangUp() {
      const who = agent();
      try {
        await client().hangUpCall({ phone: who.extension });
        return { hungUp: true };
      } catch (error) {
        // `0`: the platform holds no call on this phone (it already ended), which is what the agent wanted.
        if (isIntegraError(error) && error.kind === 'refused') return { hungUp: false };
        throw toCallsFailure(error, 'hangup', { key: 'calls.err.hangUp', params: {} });
      }
    },

    async submitDisposition(request) {
      const who = agent();
      const parsed = dispositionRequestSchema.parse(request);
      const box = await outbox();
      try {
        const { id } = await box.submit({ ...parsed, agent: who.name });
        // In the journal now: the wrap-up is done. Failing to update its list must not fail a saved disposition.
        try {
          wrapUps().remove(who.name, parsed.guid);
        } catch {
          // It would be offered again; submitting it twice is the lesser harm than losing it.
        }
        return { id, status: box.status() };
      } catch (error) {
        throw spokenFailure('internal', 'calls.err.dispositionUnsaved', { detail: reason(error) });
      }
    },

    async pendingWrapUps() {
      return wrapUps().list(agent().name);
    },

    async keepWrapUp(record) {
      const view = deps.session.view();
      const name = (view.state === 'signed-in' || view.state === 'signing-out') && view.agent ? view.agent.name : lastAgentName;
      if (!name) throw spokenFailure('not-signed-in', 'calls.err.signInFirst');
      return saveWrapUps((store) => store.add(name, record));
    },

    async discardWrapUp(guid) {
      const who = agent();
      return saveWrapUps((store) => {
        store.remove(who.name, guid);
        return store.list(who.name);
      });
    },

    async outboxStatus() {
      return outboxReady.then((o) => o.status(), () => IDLE);
    },

    onOutboxStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },

    async close() {
      offSession?.();
      statusListeners.clear();
      await outboxReady.then((o) => o.close(), () => undefined);
    },
  };
}
