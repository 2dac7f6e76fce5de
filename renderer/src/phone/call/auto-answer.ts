/**
 * Whether an incoming call may be answered without the agent touching it.
 * Pure. Two things must both hold (ARCHITECTURE, "Decisions on gaps"):
 *
 *   requested: `P-Auto-Answer: normal`, `Call-Info: <…>;answer-after=0`,
 *              or the CTI object's `Answer: "TRUE"`;
 *   expected:  the call matches a Make Call the UI placed moments ago
 *              (by GUID, or by the destination number), or it comes from a
 *              campaign whose `auto_answer` is on.
 *
 * A campaign with `auto_answer` on counts as both: that setting is the
 * platform's standing request (ASSUMPTIONS, "Calls"). Anything else rings.
 * A call a colleague transferred here (Referred-By) always rings: its
 * campaign's auto-answer is for the dialer's calls, and a colleague's
 * customer dropped on an agent mid-sentence is the surprise it must not be.
 */
import { ctiFlag, type Cti } from '../../../../common/domain/cti';
import { phoneDigits } from '../../../../common/phone-number';

export interface PendingMakeCall {
  /** The GUID Make Call returned, once known. */
  readonly guid?: string;
  /** The number the agent asked to call. */
  readonly destination?: string;
  /** Epoch ms after which this expectation no longer counts. */
  readonly expiresAt: number;
}

export interface IncomingCallFacts {
  readonly pAutoAnswer: string | undefined;
  readonly callInfo: readonly string[];
  readonly cti: Cti | null;
  /** The caller's number/user part as SIP shows it (From / P-Asserted-Identity). */
  readonly remoteUser: string;
  /** Who transferred the call here (Referred-By), or null. */
  readonly referredBy?: string | null;
}

export type AutoAnswerDecision =
  | { readonly answer: true; readonly because: 'make-call' | 'campaign'; readonly match: PendingMakeCall | null }
  | { readonly answer: false; readonly because: 'not-requested' | 'not-expected' | 'transferred' };


export function autoAnswerRequested(facts: Pick<IncomingCallFacts, 'pAutoAnswer' | 'callInfo' | 'cti'>): boolean {
  if ((facts.pAutoAnswer ?? '').trim().toLowerCase().startsWith('normal')) return true;
  if (facts.callInfo.some((v) => /;\s*answer-after\s*=\s*0(\s*[;,]|\s*$)/i.test(v))) return true;
  return ctiFlag(facts.cti?.Answer);
}

export function matchPendingMakeCall(facts: IncomingCallFacts, pending: readonly PendingMakeCall[], now: number): PendingMakeCall | null {
  const live = pending.filter((p) => p.expiresAt > now);
  const guid = facts.cti?.Guid;
  const byGuid = guid ? live.find((p) => p.guid === guid) : undefined;
  if (byGuid) return byGuid;
  const candidates = [phoneDigits(facts.cti?.Callerid), phoneDigits(facts.remoteUser)].filter((d) => d.length > 0);
  return live.find((p) => phoneDigits(p.destination).length > 0 && candidates.includes(phoneDigits(p.destination))) ?? null;
}

export function decideAutoAnswer(
  facts: IncomingCallFacts,
  pending: readonly PendingMakeCall[],
  autoAnswerCampaigns: ReadonlySet<string>,
  now: number,
): AutoAnswerDecision {
  if (facts.referredBy) return { answer: false, because: 'transferred' };
  const campaign = facts.cti?.Campaign;
  if (campaign !== undefined && autoAnswerCampaigns.has(campaign)) return { answer: true, because: 'campaign', match: null };
  if (!autoAnswerRequested(facts)) return { answer: false, because: 'not-requested' };
  const match = matchPendingMakeCall(facts, pending, now);
  return match ? { answer: true, because: 'make-call', match } : { answer: false, because: 'not-expected' };
}
