// What the calls UI holds and can do (use-calls.ts builds both).
import type { CallsSetup, IpcError, LiveCallSnapshot, OutboxStatusView, WrapUpDraft } from '../../../common/ipc-contract';
import type { AudioRoute, TakeWaitingMode } from '../phone';
import type { CallView, WrapUp } from './call-view';

export interface CallsState {
  setup: CallsSetup | null;
  /** The call the agent deals with (the panel), or the last one. */
  call: CallView | null;
  /** A call ringing while another is live. */
  waiting: CallView | null;
  /** A call on hold while the agent talks on another. */
  held: CallView | null;
  wrapUps: WrapUp[];
  outbox: OutboxStatusView | null;
  placing: boolean;
  error: CallsError | null;
  /**
   * A sentence worth telling the agent: the API had to hang up, or the call she placed while the platform
   * or her phone was away was not made (said once it is back, when the error that said so goes), or the
   * platform took Make Call but never rang her phone.
   */
  notice:
    | { kind: 'fallback-hangup' }
    | { kind: 'call-not-placed'; number: string; waitsFor: NotPlacedBecause }
    | { kind: 'call-did-not-ring'; number: string; seconds: number }
    | null;
  /** Notes typed during each live call (by call id); they become its disposition comment. */
  notes: Readonly<Record<string, string>>;
}

/**
 * An error beside the calls: main's (an IPC error, with its heading), or a refusal the page made itself (a
 * control the phone refused, Make Call with the phone away), said as its sentence alone: nothing failed inside
 * the application, which is what the heading of an error without a code of its own says.
 */
export type CallsError = IpcError & { readonly refusal?: true };

/** What a Make Call not made waited for: the platform's API, or her phone's registration. */
export type NotPlacedBecause = 'platform' | 'phone';

export interface CallsActions {
  makeCall(campaign: string, number: string): Promise<boolean>;
  answer(): void;
  reject(): void;
  hangUp(): void;
  setMuted(muted: boolean): void;
  hold(): void;
  resume(): void;
  sendDtmf(tone: string): void;
  /** Takes the waiting call, holding or ending the live one. */
  takeWaiting(mode: TakeWaitingMode): void;
  rejectWaiting(): void;
  /** Back to the call on hold (the one talking now is held). */
  swap(): void;
  hangUpHeld(): void;
  /** The wrap-up was saved (main forgets it when the disposition reaches the outbox). */
  finishWrapUp(key: string): void;
  /** The agent confirmed: this call gets no disposition (main forgets it too). */
  discardWrapUp(key: string): void;
  /** Notes typed during a call. */
  setNotes(callId: string, text: string): void;
  /** The agent changed the form of a wrap-up: kept by main (debounced by the form), so nothing typed is lost. */
  saveDraft(key: string, draft: WrapUpDraft): void;
  /** Received audio level 0…1 of the live call (level meter). */
  remoteLevel(): number;
  /** The agent's microphone level 0…1 in the live call (is my headset working?). */
  localLevel(): number;
  /** The live call's microphone and output, once its audio runs. */
  audioRoute(): AudioRoute | null;
  /** A call an earlier page had, taken over after a reload (issue 24): answered already, with its notes and Make Call. */
  adopt(snapshot: LiveCallSnapshot): void;
}
