// What the calls UI shows of a phone call: a plain snapshot rebuilt on every
// phone event, plus the wrap-up (disposition to record) a finished call leaves.
import type { Cti } from '../../../common/domain/cti';
import { ctiPairs, formName, type CtiPair } from '../../../common/domain/cti-data';
import type { MessageKey } from '../../../common/i18n';
import type { Say } from '../../../common/i18n/say';
import type { CallTransfer, PlacedCall, WrapUpDraft, WrapUpRecord } from '../../../common/ipc-contract';
import type { CallState, MediaHealth, PhoneCall, QualitySample } from '../phone';
import type { ChosenTransfer } from './transfer/transfer-log';

export interface CallView {
  readonly id: string;
  readonly state: CallState;
  /** The customer's number as SIP or the CTI object shows it. */
  readonly caller: string;
  readonly callerName: string;
  readonly campaign: string | null;
  readonly guid: string | null;
  readonly ctiError: string | null;
  readonly autoAnswered: boolean;
  readonly activeSince: number | null;
  /** When it started ringing, and when its current hold began (null unless held): the ring and hold timers. */
  readonly offeredAt: number;
  readonly heldSince: number | null;
  /** The dialer record's data that came with it (CTI ParAndValues), and the campaign's form name. */
  readonly data: readonly CtiPair[];
  readonly form: string | null;
  readonly muted: boolean;
  readonly quality: QualitySample | null;
  /** Whether its audio really arrives (from the call's RTP and peer connection). */
  readonly media: MediaHealth;
  /** A customer's call, or the agent's call to a transfer target about one (issue 22). */
  readonly role: 'customer' | 'consultation';
  /** The colleague who transferred this call here (Referred-By), or null. */
  readonly referredBy: string | null;
}

/** A finished call waiting for its disposition. */
export interface WrapUp {
  readonly key: string;
  readonly guid: string | null;
  readonly campaign: string;
  readonly caller: string;
  /** The number dialled (Make Call), else the caller. */
  readonly destination?: string;
  /** ISO times, kept with the wrap-up in main. */
  readonly startedAt?: string | null;
  readonly endedAt?: string;
  /** How it ended when the agent should know (it was cut off: the platform no longer had it after an outage), and why, by message key (network, platform restart, lost connection). */
  readonly end?: 'dropped-by-network';
  readonly endReason?: Say;
  /** The form as the agent left it (or the call's notes as its comment), kept by main until sent or discarded. */
  readonly draft?: WrapUpDraft;
  /** Where the call was transferred (issue 22), shown on the form. */
  readonly transfer?: CallTransfer;
}

/** A form with nothing typed yet. */
export const EMPTY_DRAFT: WrapUpDraft = { l1: '', l2: '', l3: '', d1: '', d2: '', comment: '', tag: '', callback: false, callbackAt: '', callbackDialer: '' };

/** The customer's number as the platform gives it: the CTI's Callerid, else the SIP caller. */
export const callerOf = (info: Pick<PhoneCall['info'], 'cti' | 'remoteUser'>): string => info.cti?.Callerid || info.remoteUser;

/** Builds the view; `placed` is the Make Call this call answers, when it is one. */
export function viewOf(call: PhoneCall, placed: PlacedCall | null, quality: QualitySample | null): CallView {
  const cti: Cti | null = call.info.cti;
  const caller = callerOf(call.info) || placed?.destination || '';
  const name = call.info.remoteDisplayName;
  return {
    id: call.id,
    state: call.state,
    caller,
    callerName: name && name !== caller ? name : '',
    campaign: cti?.Campaign ?? placed?.campaign ?? null,
    guid: cti?.Guid ?? placed?.guid ?? null,
    ctiError: call.info.ctiError,
    autoAnswered: call.info.autoAnswer.answer,
    activeSince: call.activeSince,
    offeredAt: call.offeredAt,
    heldSince: call.heldSince,
    data: ctiPairs(cti?.ParAndValues),
    form: formName(cti?.Form),
    muted: call.isMuted,
    quality,
    media: call.mediaHealth,
    role: call.role,
    referredBy: call.info.referredBy,
  };
}

/** The window title while `ringing` rings: who is calling, then the app. */
export function ringingTitle(t: (key: MessageKey, params?: Record<string, string>) => string, ringing: Pick<CallView, 'caller'>): string {
  return t('shift.title.ringing', { caller: ringing.caller || t('calls.panel.unknownCaller'), app: t('app.title') });
}

/**
 * Whether the call reached the agent (answered at some point), so it needs a disposition.
 * `notes`, typed during the call, become the form's comment.
 */
export function wrapUpOf(view: CallView, wasAnswered: boolean, destination: string | null = null, endedAt: Date = new Date(), notes = '', transfer: CallTransfer | null = null): WrapUp | null {
  // A call to a colleague about a customer is not a customer's call: the customer's call has the wrap-up.
  if (!wasAnswered || view.role === 'consultation') return null;
  // Nor is a colleague's call to this phone (a consultation from the other side): the platform's calls carry a
  // CTI object (queue, dialer, Make Call), a direct call between extensions none. A broken CTI is still shown.
  if (view.guid === null && view.ctiError === null && destination === null) return null;
  const dropped = view.state.kind === 'ended' && view.state.cause === 'network-dropped';
  return {
    ...(dropped ? { end: 'dropped-by-network' as const, ...(view.state.kind === 'ended' && view.state.reason ? { endReason: view.state.reason } : {}) } : {}),
    key: view.id,
    guid: view.guid,
    campaign: view.campaign ?? '',
    caller: view.caller,
    destination: destination ?? view.caller,
    startedAt: view.activeSince === null ? null : new Date(view.activeSince).toISOString(),
    endedAt: endedAt.toISOString(),
    ...(notes.trim() ? { draft: { ...EMPTY_DRAFT, comment: notes.slice(0, 2000) } } : {}),
    ...(transfer ? { transfer } : {}),
  };
}

/** What main keeps on disk for a wrap-up; null when the call has no GUID (its disposition cannot be sent anyway). */
export function wrapUpRecordOf(wrap: WrapUp): WrapUpRecord | null {
  if (!wrap.guid) return null;
  return {
    guid: wrap.guid,
    campaign: wrap.campaign.slice(0, 256),
    callerid: wrap.caller.slice(0, 64),
    destination: (wrap.destination ?? wrap.caller).slice(0, 64),
    startedAt: wrap.startedAt ?? null,
    endedAt: wrap.endedAt ?? new Date().toISOString(),
    ...(wrap.end ? { end: wrap.end } : {}),
    ...(wrap.draft ? { draft: wrap.draft } : {}),
    ...(wrap.transfer ? { transfer: wrap.transfer } : {}),
  };
}

/** A wrap-up main kept from an earlier session (its key is the GUID). */
export function wrapUpFromRecord(record: WrapUpRecord): WrapUp {
  return {
    key: `kept:${record.guid}`, guid: record.guid, campaign: record.campaign, caller: record.callerid, destination: record.destination,
    startedAt: record.startedAt, endedAt: record.endedAt, ...(record.end ? { end: record.end } : {}),
    ...(record.draft ? { draft: record.draft } : {}),
    ...(record.transfer ? { transfer: record.transfer } : {}),
  };
}

/** The transfer a call ended in, as its records keep it: what the agent chose, when the platform said done; null otherwise. */
export function callTransferOf(call: PhoneCall, chosen: ChosenTransfer | null): CallTransfer | null {
  const state = call.state;
  if (state.kind !== 'ended' || state.cause !== 'transferred' || !chosen) return null;
  return { target: chosen.target, name: chosen.name, at: new Date(state.transfer?.at ?? Date.now()).toISOString(), mode: chosen.mode };
}
