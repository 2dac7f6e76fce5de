// The transfer UI's state over the phone's `transfer`, `consultation` and
// `conference` events: the dialog, a transfer under way (as the platform
// reports it), the last failure (the customer is back), the consultation and
// the three-way call. The actions go to the phone; what the agent chose is
// remembered for the wrap-up (transfer-log.ts).
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Say } from '../../../../common/i18n/say';
import type { CallsSetup } from '../../../../common/ipc-contract';
import { PhoneError, type ConferenceEvent, type ConsultationEvent, type Phone, type TransferProgress } from '../../phone';
import { useWorkstation } from '../../workstation/workstation-context';
import type { ChoiceInputs, TransferChoice } from './transfer-choices';
import type { TransferMode } from './transfer-dialog';
import { rememberTransfer } from './transfer-log';

export interface TransferUi {
  readonly dialogOpen: boolean;
  /**
   * The agent chose: the dialog stays, its buttons off, until the phone reports the transfer under way
   * (or refuses it). Closing at once would let a double click's second click land on what lies below.
   */
  readonly sending: boolean;
  /** What the directory offers for the current call. */
  readonly inputs: ChoiceInputs;
  /** A transfer under way (not yet done or failed). */
  readonly progress: TransferProgress | null;
  /** Why the last transfer or consultation did not go through, or what became of it; cleared by the next action. */
  readonly said: Say | null;
  readonly consultation: ConsultationEvent | null;
  readonly conference: ConferenceEvent | null;
  /** A phone refusal (a double click, no call, no connection), in words. */
  readonly problem: Say | null;
}

export interface TransferActions {
  open(): void;
  close(): void;
  choose(choice: TransferChoice, mode: TransferMode): void;
  complete(): void;
  cancel(): void;
  swap(): void;
  conference(): void;
  setPartyMuted(callId: string, muted: boolean): void;
  dropParty(callId: string): void;
  leave(): void;
}

export function useTransfer(phone: Phone | null, setup: CallsSetup | null, campaign: string | null): [TransferUi, TransferActions] {
  const settings = useWorkstation().settings;
  const [dialogOpen, setDialogOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const settle = useCallback(() => {
    setSending(false);
    setDialogOpen(false);
  }, []);
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const [said, setSaid] = useState<Say | null>(null);
  const [consultation, setConsultation] = useState<ConsultationEvent | null>(null);
  const [conference, setConference] = useState<ConferenceEvent | null>(null);
  const [problem, setProblem] = useState<Say | null>(null);

  const inputs = useMemo<ChoiceInputs>(() => ({
    campaigns: campaign ? (setup?.transferCampaigns[campaign] ?? []) : [],
    directory: settings.settings.transferDirectory,
    recent: setup?.recentTransferTargets ?? [],
    locked: settings.policy.locked.includes('transferDirectory'),
  }), [campaign, setup, settings]);

  useEffect(() => {
    if (!phone) return;
    const offs = [
      phone.on('transfer', (t) => {
        if (t.stage !== 'requested') settle();
        setProgress(t.stage === 'done' || t.stage === 'failed' ? null : t);
        if (t.stage === 'failed') setSaid(t.failure.reason);
      }),
      phone.on('consultation', (c) => {
        settle();
        setConsultation(c.state.kind === 'ended' ? null : c);
        if (c.state.kind === 'ended') setSaid(c.state.reason);
      }),
      phone.on('conference', (c) => setConference(c.stage === 'ended' ? null : c)),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [phone, settle]);

  const run = useCallback((what: () => Promise<unknown> | unknown) => {
    setProblem(null);
    setSaid(null);
    Promise.resolve()
      .then(what)
      .catch((error: unknown) => setProblem(error instanceof PhoneError ? error.say : { key: 'transfer.err.unexpected', params: { detail: String(error) } }))
      .finally(settle);
  }, [settle]);

  const actions: TransferActions = {
    open: () => {
      setProblem(null);
      setDialogOpen(true);
    },
    close: () => setDialogOpen(false),
    choose: (choice, mode) => {
      if (!phone || sending) return;
      setSending(true);
      const call = phone.call;
      if (call) rememberTransfer(phone, call.id, { target: choice.target, name: choice.source === 'typed' || choice.source === 'recent' ? '' : choice.label, mode });
      run(() => (mode === 'blind' ? phone.transfer(choice.target) : phone.consult(choice.target)));
    },
    complete: () => phone && run(() => phone.completeTransfer()),
    cancel: () => phone && run(() => phone.cancelConsultation()),
    swap: () => phone && run(() => phone.swap()),
    conference: () => phone && run(() => phone.conference()),
    setPartyMuted: (callId, muted) => phone && run(() => phone.setPartyMuted(callId, muted)),
    dropParty: (callId) => phone && run(() => phone.dropParty(callId)),
    leave: () => phone && run(() => phone.leaveConference()),
  };
  return [{ dialogOpen, sending, inputs, progress, said, consultation, conference, problem }, actions];
}
