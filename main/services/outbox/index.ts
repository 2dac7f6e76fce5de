// The durable outbox (dispositions first). Wiring in a composition root:
//
//   const connectivity = createConnectivity({ os });         // services/connectivity
//   const outbox = await openDispositionOutbox({ dir: join(userData, 'outbox'), client, connectivity, online: connectivity });
//   outbox.on('status', (s) => push('outbox.status', s));   // "n waiting to send", lastError, parked
//   outbox.on('quarantined', (q) => log.warn(...));          // corrupt journal lines, kept aside
//   outbox.start();
//   await outbox.submit(disposition);                         // resolves once it is on disk
//   // on quit: await outbox.close();
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
