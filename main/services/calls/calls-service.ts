// The calls area's service in main: the campaigns an agent calls through,
// Make Call with the agent's own fields, the API's Hang Up Call (the phone's
// fallback when SIP signalling is gone), dispositions into the durable outbox
// (journal first, sent with backoff until the platform says OK; calls-outbox.ts),
// and the agent's wrap-ups and missed calls kept on disk (calls-stores.ts).
import {
  type CallsSetup,
  type DispositionRequest,
  type MakeCallRequest,
  type MissedCall,
  type FinishedCall,
  type RecentCall,
  type MyCallback,
  type OpenFormReply,
  type OpenFormRequest,
  type OutboxStatusView,
  type ParkedDisposition,
  type PlacedCall,
  type SessionView,
  type WrapUpRecord,
  type CallQualityTimeline,
} from '../../../common/ipc-contract';
import { parseTransferCampaigns } from '../../../common/domain/campaign-formats';
import type { Say } from '../../../common/i18n/dictionary';
import { english } from '../../../common/i18n/say';
import { clipSaid, dispositionRequestSchema } from '../../../common/ipc-contract';
import { normalisePhoneNumber, phoneNumberProblemKey, PROBLEM_PARAMS } from '../../../common/phone-number';
import type { BackoffPolicy } from '../../../common/backoff';
import { isIntegraError } from '../../api';
import type { Connectivity } from '../connectivity';
import type { CallingAgent, CallsApi } from './calls-api';
import { spokenFailure } from '../spoken-failure';
import { toCallsFailure } from './calls-failure';
import { openCallsOutbox } from './calls-outbox';
import { fileCallsPreferences, withRecentTarget, type PreferencesStore } from './calls-preferences';
import { openCallsStores } from './calls-stores';
import { loadDispositionChoices } from './disposition-choices';
import { manualCampaigns, pickCampaign } from './manual-campaigns';
import type { Dismissal } from './missed-calls';
import { openForm, type FormOpenerDeps } from './open-form';
import { openQualityTimelines, QUALITY_TIMELINES_DIR, type KeptTimeline } from './quality-timelines';

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
  /** The campaign form's address template (settings/policy) and, in Electron, the system browser. */
  forms?: Omit<FormOpenerDeps, 'agent'>;
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
  /** Opens a call's campaign form outside the app (open-form.ts). */
  openForm(request: OpenFormRequest): Promise<OpenFormReply>;
  /** The agent confirmed that this call gets no disposition. */
  discardWrapUp(guid: string): Promise<WrapUpRecord[]>;
  /** The signed-in agent's dispositions the outbox gave up on, with what the platform said. */
  parkedDispositions(): Promise<ParkedDisposition[]>;
  /** Puts one of them back in line. */
  retryParked(id: string): Promise<OutboxStatusView>;
  /** The signed-in agent's missed calls, newest first. */
  missedCalls(): Promise<MissedCall[]>;
  recordMissed(call: MissedCall): Promise<MissedCall[]>;
  dismissMissed(which: Dismissal): Promise<MissedCall[]>;
  /** An answered (or dropped) call of the agent ended: it joins the recent calls. */
  recordFinished(call: FinishedCall): Promise<RecentCall[]>;
  recentCalls(): Promise<RecentCall[]>;
  /** One recent call's quality timeline, when it is one of the last calls (quality-timelines.ts). */
  qualityTimeline(id: string): Promise<CallQualityTimeline | null>;
  /** The last calls' timelines of the agent whose phone it is (or was last), newest first: the diagnostics bundle's. */
  recentTimelines(): (KeptTimeline & { call: Pick<RecentCall, 'offeredAt' | 'caller' | 'campaign' | 'outcome' | 'talkSeconds'> | null })[];
  myCallbacks(): Promise<MyCallback[]>;
  callbackDone(guid: string): Promise<MyCallback[]>;
  close(): Promise<void>;
}

/** Asterisk's context for agents as the spec's login record shows it, used when the record gave none. */
export const DEFAULT_AGENT_CONTEXT = 'agents';

export function createCallsService(deps: CallsDeps): CallsService {
  const preferences = deps.preferences ?? fileCallsPreferences(deps.dataDir);
  const stores = openCallsStores(deps.dataDir);
  const timelines = openQualityTimelines(`${deps.dataDir}/${QUALITY_TIMELINES_DIR}`);
  const client = (): CallsApi => {
    const api = deps.session.client();
    if (!api) throw spokenFailure('not-signed-in', 'calls.err.signInFirst');
    return api;
  };
  // A request that could not reach the platform says so to connectivity: the header then tells the agent
  // the platform is away (not only the outbox's sends did), and main probes for its return.
  const failed = (error: unknown, operation: Parameters<typeof toCallsFailure>[1], refusal: Parameters<typeof toCallsFailure>[2]) => {
    if (isIntegraError(error) && (error.kind === 'connection' || error.kind === 'timeout')) deps.connectivity?.reportNetworkFailure();
    return toCallsFailure(error, operation, refusal);
  };
  const outbox = openCallsOutbox({
    dir: `${deps.dataDir}/outbox`,
    client: () => deps.session.client(),
    ...(deps.connectivity ? { connectivity: deps.connectivity } : {}),
    ...(deps.outboxBackoff ? { backoff: deps.outboxBackoff } : {}),
  });
  // Who had the calls: a call cut by the sign-out itself reaches main while signing out or just after.
  let lastAgentName: string | null = null;
  const offSession = deps.session.onChange?.((view) => {
    if (view.state === 'signed-in' && view.agent) lastAgentName = view.agent.name;
    if (view.state === 'signed-in') outbox.retryNow();
  });

  function agent(): CallingAgent {
    const view = deps.session.view();
    if (view.state !== 'signed-in' || !view.agent) throw spokenFailure('not-signed-in', 'calls.err.signInFirst');
    const { name, extension } = view.agent;
    lastAgentName = name;
    return { name, extension, context: deps.agentContext(extension) ?? DEFAULT_AGENT_CONTEXT };
  }
  /** The agent whose phone it was, also while signing out (the ring or call ended with the sign-out). */
  function agentOfThePhone(): string {
    const view = deps.session.view();
    if ((view.state === 'signed-in' || view.state === 'signing-out') && view.agent) return view.agent.name;
    throw spokenFailure('not-signed-in', 'calls.err.signInFirst');
  }

  return {
    async setup() {
      const who = agent();
      const api = client();
      const { choices, problem: choicesProblem } = loadDispositionChoices(deps.dataDir);
      // Each said by message key, in the page's language; `problem` is their English, for logs.
      const problems: Say[] = choicesProblem ? [choicesProblem] : [];
      let campaigns: Awaited<ReturnType<CallsApi['getCampaigns']>> = [];
      let campaignsListed = false;
      try {
        campaigns = await api.getCampaigns();
        campaignsListed = true;
      } catch (error) {
        const { say, message } = failed(error, 'getCampaigns', { key: 'calls.err.campaigns', params: {} }).detail;
        problems.push(say ?? { key: 'calls.setup.campaignsUnread', params: { detail: message } });
      }
      // Dialers are optional: an agent token may not be allowed to list them (then the callback dialer is typed).
      const dialers = await api.getDialers().then((list) => list.map((d) => d.campaign), () => []);
      const offered = manualCampaigns(campaigns);
      // Damaged lists (wrap-ups, missed calls) were set aside: said here, beside the other setup problems.
      problems.push(...stores.problems(who.name));
      // Bounded: a file's contents are quoted in some (the page refuses an answer past its bounds).
      const said = problems.map((say) => clipSaid(say));
      return {
        manualCampaigns: offered,
        campaignsListed,
        lastCampaign: pickCampaign(offered, preferences.read().lastCampaign),
        autoAnswerCampaigns: campaigns.filter((c) => (c.record.auto_answer ?? '').trim() === '1').map((c) => c.name),
        dialers,
        dispositionChoices: choices,
        problem: said.length > 0 ? said.map(english).join(' ') : null,
        problemsSaid: said,
        wrapUpSeconds: Object.fromEntries(campaigns.flatMap((c) => {
          const seconds = Number(c.record.wrapuptime);
          return Number.isInteger(seconds) && seconds > 0 ? [[c.name, seconds]] : [];
        })),
        transferCampaigns: Object.fromEntries(campaigns.flatMap((c) => {
          const names = parseTransferCampaigns(c.record.transferCampaigns ?? '');
          return names.length > 0 ? [[c.name, names]] : [];
        })),
        recentTransferTargets: preferences.read().recentTransferTargets,
      };
    },

    async makeCall(request) {
      const who = agent();
      const number = normalisePhoneNumber(request.number);
      if (!number.ok) throw spokenFailure('invalid-request', phoneNumberProblemKey(number.problem), PROBLEM_PARAMS, 'number');
      const api = client();
      // Listing the campaigns is a step of the call the agent placed: a failure is said as the call's.
      const campaigns = manualCampaigns(await api.getCampaigns().catch((e: unknown) => {
        throw failed(e, 'makeCall', { key: 'calls.err.campaigns', params: {} });
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
        throw failed(error, 'makeCall', { key: 'calls.err.makeCall', params: { destination, campaign: campaign.name } });
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
        throw failed(error, 'hangup', { key: 'calls.err.hangUp', params: {} });
      }
    },

    async submitDisposition(request) {
      const who = agent();
      const parsed = dispositionRequestSchema.parse(request);
      const saved = await outbox.submit({ ...parsed, agent: who.name });
      // A callback goes to My callbacks (a reminder when it falls due); the platform's dialer does the calling.
      if (parsed.schedule) {
        try {
          stores.callbacks((store) => store.add(who.name, { guid: parsed.guid, caller: parsed.callerid, campaign: parsed.campaign, dialer: parsed.camptoreschedule, at: parsed.schedule }));
        } catch {
          // The disposition (with its schedule) is saved; only the reminder is lost.
        }
      }
      // In the journal now: the wrap-up is done. Failing to update its list must not fail a saved disposition.
      try {
        stores.wrapUps().remove(who.name, parsed.guid);
      } catch {
        // It would be offered again; submitting it twice is the lesser harm than losing it.
      }
      return saved;
    },

    async pendingWrapUps() {
      return stores.wrapUps().list(agent().name);
    },

    async keepWrapUp(record) {
      const view = deps.session.view();
      const name = (view.state === 'signed-in' || view.state === 'signing-out') && view.agent ? view.agent.name : lastAgentName;
      if (!name) throw spokenFailure('not-signed-in', 'calls.err.signInFirst');
      return stores.saveWrapUps((store) => store.add(name, record));
    },

    openForm(request) {
      const view = deps.session.view();
      return openForm({ template: deps.forms?.template ?? (() => ''), agent: () => (view.state === 'signed-in' ? view.agent?.name ?? null : null), ...(deps.forms?.openExternal ? { openExternal: deps.forms.openExternal } : {}) }, request);
    },

    async discardWrapUp(guid) {
      const who = agent();
      return stores.saveWrapUps((store) => {
        store.remove(who.name, guid);
        return store.list(who.name);
      });
    },

    outboxStatus: () => outbox.status(),
    onOutboxStatus: (listener) => outbox.onStatus(listener),
    parkedDispositions: async () => outbox.parked(agent().name),
    retryParked: async (id) => outbox.retryParked(agent().name, id),

    missedCalls: async () => {
      const name = agent().name;
      return stores.missed((store) => store.list(name));
    },
    recordMissed: async (call) => {
      const name = agentOfThePhone();
      return stores.missed((store) => store.record(name, call));
    },
    dismissMissed: async (which) => {
      const name = agent().name;
      return stores.missed((store) => store.dismiss(name, which));
    },
    recordFinished: async (call) => {
      if (call.transfer) preferences.write({ recentTransferTargets: withRecentTarget(preferences.read().recentTransferTargets, call.transfer.target) });
      const name = agentOfThePhone();
      const { quality, ...record } = call;
      if (quality) {
        try {
          timelines.record(name, call.id, quality);
        } catch {
          // The call's record matters more than its chart: it is kept without one.
        }
      }
      return stores.missed((store) => store.recordFinished(name, record));
    },
    qualityTimeline: async (id) => timelines.get(agent().name, id),
    recentTimelines: () => {
      const view = deps.session.view();
      const name = view.agent?.name ?? lastAgentName;
      try {
        if (!name) return [];
        // With the call each belongs to (when, who, how it ended): a call's id alone may be redacted as token-shaped.
        const history = new Map(stores.missed((store) => store.history(name)).map((call) => [call.id, call]));
        return timelines.list(name).map((kept) => {
          const call = history.get(kept.id);
          return { ...kept, call: call ? { offeredAt: call.offeredAt, caller: call.caller, campaign: call.campaign, outcome: call.outcome, talkSeconds: call.talkSeconds } : null };
        });
      } catch {
        return [];
      }
    },
    myCallbacks: async () => {
      const name = agent().name;
      return stores.callbacks((store) => store.list(name));
    },
    callbackDone: async (guid) => {
      const name = agent().name;
      return stores.callbacks((store) => store.done(name, guid));
    },
    recentCalls: async () => {
      const name = agent().name;
      return stores.missed((store) => store.history(name));
    },

    async close() {
      offSession?.();
      await outbox.close();
    },
  };
}
