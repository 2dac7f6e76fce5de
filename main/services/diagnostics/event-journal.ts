// What happened to the app's connections and its outbox, as short events for
// the diagnostics bundle: the API reachable or not, the outbox's pending
// count and its last error. The last EVENT_JOURNAL_SIZE are kept in memory.
import type { OutboxStatusView } from '../../../common/ipc-contract';
import type { Connectivity } from '../connectivity';

export const EVENT_JOURNAL_SIZE = 500;

export interface DiagnosticEvent {
  readonly at: string;
  readonly kind: 'connectivity' | 'outbox';
  readonly text: string;
}

export interface EventJournal {
  record(kind: DiagnosticEvent['kind'], text: string): void;
  /** Oldest first. */
  events(): readonly DiagnosticEvent[];
}

export function createEventJournal(now: () => Date = () => new Date(), size = EVENT_JOURNAL_SIZE): EventJournal {
  const kept: DiagnosticEvent[] = [];
  return {
    record(kind, text) {
      // A repeat of the last event of its kind says nothing new.
      const last = kept.findLast((event) => event.kind === kind);
      if (last?.text === text) return;
      kept.push({ at: now().toISOString(), kind, text: text.slice(0, 500) });
      if (kept.length > size) kept.splice(0, kept.length - size);
    },
    events: () => [...kept],
  };
}

export interface EventSources {
  readonly connectivity: Pick<Connectivity, 'state' | 'onChange'>;
  readonly outbox: { onOutboxStatus(listener: (status: OutboxStatusView) => void): () => void };
}

/** Feeds the journal from the running services; returns what stops it. */
export function watchDiagnosticEvents(journal: EventJournal, sources: EventSources): () => void {
  journal.record('connectivity', `API ${sources.connectivity.state}`);
  const offConnectivity = sources.connectivity.onChange((change) => journal.record('connectivity', `API ${change.state} (${change.reason})`));
  const offOutbox = sources.outbox.onOutboxStatus((status) =>
    journal.record('outbox', `${status.pending} waiting${status.sending ? ', sending' : ''}${status.parked ? `, ${status.parked} parked` : ''}${status.lastError ? `; last error: ${status.lastError}` : ''}`),
  );
  return () => {
    offConnectivity();
    offOutbox();
  };
}
