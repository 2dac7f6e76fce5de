// The calls area's side of the dispositions outbox: opened at start (so
// dispositions left by a previous run go without waiting for the page), sent
// with the signed-in session's client, its status pushed to listeners, and
// the dispositions it parked listed per agent and put back in line on request.
//
//   open ──▶ start ──▶ sends while signed in; waits (retried with backoff) while signed out
//   sign-in ──▶ retryNow          parked(agent) ──▶ retryParked(id) ──▶ unpark ──▶ sent again
import { clipSaid, dispositionRequestSchema, type OutboxStatusView, type ParkedDisposition } from '../../../common/ipc-contract';
import type { BackoffPolicy } from '../../../common/backoff';
import type { Disposition } from '../../../common/domain/disposition';
import type { Connectivity } from '../connectivity';
import { openDispositionOutbox, type Outbox, type ParkedEntry } from '../outbox';
import { spokenFailure } from '../spoken-failure';
import type { CallsApi } from './calls-api';

export interface CallsOutboxDeps {
  /** Where the journal lives (`<dataDir>/outbox`). */
  dir: string;
  /** The signed-in session's client, or null while signed out. */
  client: () => Pick<CallsApi, 'callDisposition'> | null;
  connectivity?: Pick<Connectivity, 'reportSuccess' | 'reportNetworkFailure' | 'onChange'>;
  backoff?: BackoffPolicy;
}

export interface CallsOutbox {
  /** Resolves once the disposition is in the journal on disk. */
  submit(disposition: Disposition): Promise<{ id: string; status: OutboxStatusView }>;
  status(): Promise<OutboxStatusView>;
  onStatus(listener: (status: OutboxStatusView) => void): () => void;
  /** This agent's parked dispositions (and any whose saved copy cannot be read back: whose they are is unknown). */
  parked(agent: string): Promise<ParkedDisposition[]>;
  retryParked(agent: string, id: string): Promise<OutboxStatusView>;
  /** Skips the retry wait (an agent just signed in). */
  retryNow(): void;
  close(): Promise<void>;
}

const IDLE: OutboxStatusView = { pending: 0, sending: false, lastError: null, lastErrorSay: null, parked: 0, nextRetryAt: null };
/** The contract's limit on a parked reason. */
const REASON_LIMIT = 4_000;

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function parkedView(entry: ParkedEntry<Disposition>): ParkedDisposition {
  const request = entry.item === null ? null : (({ agent: _agent, ...rest }) => rest)(entry.item);
  const parsed = request === null ? null : dispositionRequestSchema.safeParse(request);
  return { id: entry.id, disposition: parsed?.success ? parsed.data : null, reason: entry.reason.slice(0, REASON_LIMIT), say: entry.say ? clipSaid(entry.say) : entry.say };
}

export function openCallsOutbox(deps: CallsOutboxDeps): CallsOutbox {
  const listeners = new Set<(status: OutboxStatusView) => void>();
  const ready: Promise<Outbox<Disposition>> = openDispositionOutbox({
    dir: deps.dir,
    client: {
      callDisposition: (disposition, options) => {
        const api = deps.client();
        if (!api) return Promise.reject(new Error('No agent is signed in; the disposition waits until one is.'));
        return api.callDisposition(disposition, options);
      },
    },
    ...(deps.connectivity ? { connectivity: deps.connectivity, online: deps.connectivity } : {}),
    ...(deps.backoff ? { backoff: deps.backoff } : {}),
  }).then((outbox) => {
    outbox.on('status', (status) => {
      for (const listener of [...listeners]) listener(status);
    });
    outbox.start();
    return outbox;
  });
  ready.catch(() => undefined); // reported by the calls that need it

  async function outbox(): Promise<Outbox<Disposition>> {
    try {
      return await ready;
    } catch (error) {
      throw spokenFailure('internal', 'calls.err.journalUnopened', { dir: deps.dir, detail: reason(error) });
    }
  }
  const theirs = (agent: string) => (entry: ParkedEntry<Disposition>) => entry.item === null || entry.item.agent === agent;

  return {
    async submit(disposition) {
      const box = await outbox();
      try {
        const { id } = await box.submit(disposition);
        return { id, status: box.status() };
      } catch (error) {
        throw spokenFailure('internal', 'calls.err.dispositionUnsaved', { detail: reason(error) });
      }
    },
    status: () => ready.then((o) => o.status(), () => IDLE),
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async parked(agent) {
      return (await outbox()).parkedEntries().filter(theirs(agent)).map(parkedView);
    },
    async retryParked(agent, id) {
      const box = await outbox();
      if (!box.parkedEntries().filter(theirs(agent)).some((entry) => entry.id === id)) {
        throw spokenFailure('invalid-request', 'calls.err.noParked', { id }, 'id');
      }
      try {
        await box.unpark(id);
      } catch (error) {
        throw spokenFailure('internal', 'calls.err.retryUnsaved', { detail: reason(error) });
      }
      return box.status();
    },
    retryNow: () => void ready.then((o) => o.retryNow(), () => undefined),
    async close() {
      listeners.clear();
      await ready.then((o) => o.close(), () => undefined);
    },
  };
}
