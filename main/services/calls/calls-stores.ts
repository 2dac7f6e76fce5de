// The calls area's two small stores on disk, opened when first needed, with
// their failures said in plain words: the wrap-ups waiting for a disposition
// (`<dataDir>/outbox/wrapups.json`) and the missed calls (`<dataDir>/missed-calls/`).
import { join } from 'node:path';
import type { Say } from '../../../common/i18n/dictionary';
import { IpcFailure } from '../../../common/ipc-contract';
import { spokenFailure } from '../spoken-failure';
import { MISSED_CALLS_DIR, openMissedCalls, type MissedCalls } from './missed-calls';
import { openPendingWrapUps, type PendingWrapUps } from './pending-wrap-ups';
import { CALLBACKS_DIR, openMyCallbacks, type MyCallbacks } from './my-callbacks';

export interface CallsStores {
  /** Reading the wrap-ups; the store opens at the first call. */
  wrapUps(): PendingWrapUps;
  /** A change to the wrap-ups, written before it returns. */
  saveWrapUps<T>(change: (store: PendingWrapUps) => T): T;
  /** Reading or changing the missed calls. */
  missed<T>(use: (store: MissedCalls) => T): T;
  /** Reading or changing the agent's callbacks (My callbacks). */
  callbacks<T>(use: (store: MyCallbacks) => T): T;
  /** Damaged files found (set aside), as message keys, said once: empty when none. */
  problems(agent: string): Say[];
}

/** A lower layer's own words (a file system error), kept as the technical detail of a spoken error. */
const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function openCallsStores(dataDir: string): CallsStores {
  const wrapUpsDir = join(dataDir, 'outbox');
  const missedDir = join(dataDir, MISSED_CALLS_DIR);
  let wrapUpStore: PendingWrapUps | null = null;
  const missedStore = openMissedCalls(missedDir);
  const callbacksDir = join(dataDir, CALLBACKS_DIR);
  const callbacksStore = openMyCallbacks(callbacksDir);

  const wrapUps = (): PendingWrapUps => {
    try {
      wrapUpStore ??= openPendingWrapUps(wrapUpsDir);
      return wrapUpStore;
    } catch (error) {
      throw spokenFailure('internal', 'calls.err.wrapUpsUnreadable', { dir: wrapUpsDir, detail: reason(error) });
    }
  };
  const missed = <T>(use: (store: MissedCalls) => T): T => {
    try {
      return use(missedStore);
    } catch (error) {
      throw spokenFailure('internal', 'calls.err.missedUnsaved', { dir: missedDir, detail: reason(error) });
    }
  };

  const callbacks = <T>(use: (store: MyCallbacks) => T): T => {
    try {
      return use(callbacksStore);
    } catch (error) {
      throw spokenFailure('internal', 'calls.err.missedUnsaved', { dir: callbacksDir, detail: reason(error) });
    }
  };

  return {
    wrapUps,
    callbacks,
    saveWrapUps(change) {
      const store = wrapUps();
      try {
        return change(store);
      } catch (error) {
        throw spokenFailure('internal', 'calls.err.wrapUpsUnsaved', { dir: wrapUpsDir, detail: reason(error) });
      }
    },
    missed,
    problems(agent) {
      const said = (read: () => Say | null): Say | null => {
        try {
          return read();
        } catch (error) {
          return error instanceof IpcFailure && error.detail.say ? error.detail.say : { key: 'calls.setup.listUnreadable', params: { detail: reason(error) } };
        }
      };
      const found = [
        said(() => wrapUps().problem),
        said(() =>
          missed((store) => {
            store.list(agent); // reading finds a damaged file
            return store.takeProblem(agent);
          }),
        ),
      ];
      return found.filter((problem): problem is Say => problem !== null);
    },
  };
}
