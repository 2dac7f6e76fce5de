export { Outbox } from './outbox';
export { Journal } from './journal';
export type { JournalEntry, QuarantineReport } from './journal';
export type {
  OnlineSignal,
  OutboxEvents,
  OutboxOptions,
  OutboxStatus,
  ParkedEntry,
  SendContext,
  SendOutcome,
  SendPort,
} from './outbox-types';
export { dispositionSender, openDispositionOutbox } from './disposition-outbox';
export type { DispositionOutboxOptions, DispositionSenderOptions } from './disposition-outbox';
