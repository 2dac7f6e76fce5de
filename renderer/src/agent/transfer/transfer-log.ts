// What the agent chose for each call it transferred (the target as a value,
// the directory's name for it, blind or attended), kept per phone so that the
// wrap-up and the recent calls, which learn of the end from the phone, can
// say where the call went. The phone reports only the words it showed.
import type { TransferTarget } from '../../../../common/domain/transfer-target';
import type { Phone } from '../../phone';

export interface ChosenTransfer {
  readonly target: TransferTarget;
  /** The directory entry's name or the campaign's; '' when typed. */
  readonly name: string;
  readonly mode: 'blind' | 'attended';
}

const logs = new WeakMap<Phone, Map<string, ChosenTransfer>>();

export function rememberTransfer(phone: Phone, callId: string, chosen: ChosenTransfer): void {
  const log = logs.get(phone) ?? new Map<string, ChosenTransfer>();
  logs.set(phone, log);
  log.set(callId, chosen);
  // A shift transfers a few hundred calls at most; keep the newest 100.
  if (log.size > 100) log.delete(log.keys().next().value ?? '');
}

export function chosenTransfer(phone: Phone, callId: string): ChosenTransfer | null {
  return logs.get(phone)?.get(callId) ?? null;
}
