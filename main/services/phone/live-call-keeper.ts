/**
 * The live calls of the agent's page, kept in main's memory (issue 24): the
 * page reports each live call's dialog and view on every change, and a page
 * that was reloaded or whose renderer crashed asks for them to take the calls
 * over. Main outlives the page in both hosts (Electron's main process, the
 * browser host's Node process), so nothing is written to disk: a call does
 * not outlive main.
 *
 *   keep(id, snapshot) ──▶ kept (replaces the call's last one)
 *   keep(id, null)     ──▶ forgotten (it ended, or it was recorded as missed)
 *   signed out / another agent ──▶ all forgotten
 *
 * Bounded: at most MAX_LIVE_CALLS (a page has at most two live calls; a
 * few more cover a page that reported and died before saying they ended),
 * the oldest report giving way; each snapshot is bounded by its schema.
 */
import type { LiveCallSnapshot, SessionView } from '../../../common/ipc-contract';

export const MAX_KEPT_CALLS = 4;

export interface LiveCallKeeper {
  keep(callId: string, snapshot: LiveCallSnapshot | null): number;
  /** The kept calls, oldest report first. */
  list(): LiveCallSnapshot[];
  close(): void;
}

export function createLiveCallKeeper(session: { view(): SessionView; onChange(listener: (view: SessionView) => void): () => void }): LiveCallKeeper {
  const calls = new Map<string, LiveCallSnapshot>();
  let agent: string | null = null;
  const agentOf = (view: SessionView): string | null => (view.state === 'signed-in' && view.agent ? view.agent.name : null);
  // A snapshot belongs to the agent whose phone had the call: a sign-out or another agent's sign-in forgets it.
  const offSession = session.onChange((view) => {
    const now = agentOf(view);
    if (view.state === 'signing-out' || view.state === 'signed-in') {
      if (now !== null && now !== agent) calls.clear();
      if (now !== null) agent = now;
      return;
    }
    calls.clear();
    agent = null;
  });
  return {
    keep(callId, snapshot) {
      const who = agentOf(session.view());
      if (who === null) return 0;
      if (who !== agent) calls.clear();
      agent = who;
      calls.delete(callId);
      if (snapshot) {
        calls.set(callId, snapshot);
        while (calls.size > MAX_KEPT_CALLS) calls.delete(calls.keys().next().value ?? '');
      }
      return calls.size;
    },
    list() {
      return agentOf(session.view()) === agent ? [...calls.values()] : [];
    },
    close: offSession,
  };
}
