/**
 * A durable outbox for mutations that must never be lost (dispositions first).
 *
 *   submit ─▶ journal `add` (fsync) ─▶ resolves ─▶ pump: `attempt` (fsync) ─▶ send
 *                                                     │ ok        ─▶ `done`  (entry gone)
 *                                                     │ retry     ─▶ wait backoff+jitter (or online cue) ─▶ pump
 *                                                     │ permanent ─▶ `park` (kept for a person)
 *
 * One entry is sent at a time, oldest first: a retryable failure usually means
 * the platform is out of reach, so the whole line waits; a parked entry steps
 * aside. On open the journal is replayed and entries without `done` go again.
 *
 * Waking the line: a new submit sends at once only when the line is not
 * waiting out a failure (it joins the wait otherwise, so agents saving during
 * an outage do not restart the backoff); an online cue, retryNow() and
 * unpark() end the wait and send at once.
 *
 * At-least-once window: a crash after the platform said OK and before `done`
 * is on disk makes the entry go again on restart. The spec offers no
 * idempotency key; we keep that window to one fsync and report how many
 * replayed entries had a send in flight (`replayed.inDoubt`). See ASSUMPTIONS.
 */
import type { Say } from '../../../common/i18n/say';
import { randomUUID } from 'node:crypto';
import { backoffDelay, OUTBOX_BACKOFF } from '../../../common/backoff';
import { clipSaid } from '../../../common/ipc-contract';
import { systemClock, type TimerHandle } from '../connectivity/clock';
import { boundedSend, plain } from './bounded-send';
import { TypedEmitter } from '../../../common/typed-emitter';
import { Journal, type JournalEntry, type QuarantineReport } from './journal';
import type { OutboxEvents, OutboxOptions, OutboxStatus, ParkedEntry, SendOutcome } from './outbox-types';

/** With parked entries the journal never empties; rewrite it after this many appends. */
const COMPACT_AFTER_RECORDS = 500;

export class Outbox<T> {
  private readonly clock;
  private readonly random;
  private readonly policy;
  private readonly maxAttempts;
  private readonly sendTimeoutMs;
  private readonly events = new TypedEmitter<OutboxEvents>();
  private readonly closing = new AbortController();
  private started = false;
  private pumping: Promise<void> | null = null;
  private wakeRequested = false;
  private nudgeRequested = false;
  private timer: TimerHandle | null = null;
  private nextRetryAt: number | null = null;
  private failures = 0;
  private sending = false;
  private lastError: string | null = null;
  private lastErrorSay: Say | null = null;
  private unsubscribeOnline: (() => void) | null = null;
  private idleWaiters: (() => void)[] = [];

  private constructor(
    private readonly opts: OutboxOptions<T>,
    private readonly journal: Journal,
    private readonly entries: JournalEntry[],
    readonly openReport: { replayed: OutboxEvents['replayed']; quarantined: QuarantineReport | null },
  ) {
    this.clock = opts.clock ?? systemClock;
    this.random = opts.random ?? Math.random;
    this.policy = opts.backoff ?? OUTBOX_BACKOFF;
    this.maxAttempts = opts.maxAttempts ?? 60;
    this.sendTimeoutMs = opts.sendTimeoutMs ?? 30_000;
  }

  /** Opens (and replays) the journal. Nothing is sent until start(), so listeners can attach first. */
  static async open<T>(opts: OutboxOptions<T>): Promise<Outbox<T>> {
    const { journal, entries, quarantined } = await Journal.open(opts.dir, opts.name);
    const replayed = { count: entries.length, inDoubt: entries.filter((e) => e.attempts > 0 && e.parked === null).length };
    const outbox = new Outbox(opts, journal, entries, { replayed, quarantined });
    for (const e of entries) {
      if (e.parked === null && !opts.schema.safeParse(e.item).success) {
        e.parked = 'The saved copy could not be read back; it is kept in the journal for a person to check.';
        e.parkedSay = { key: 'outbox.parked.unreadable', params: {} };
        await journal.append({ op: 'park', id: e.id, reason: e.parked, say: e.parkedSay });
      }
    }
    return outbox;
  }

  /** Emits the open report (replayed, quarantined) and starts sending. */
  start(): void {
    if (this.started || this.closing.signal.aborted) return;
    this.started = true;
    const { replayed, quarantined } = this.openReport;
    if (replayed.count > 0) this.emit('replayed', replayed);
    if (quarantined) this.emit('quarantined', quarantined);
    this.unsubscribeOnline = this.opts.online?.onChange((c) => c.state === 'online' && this.retryNow()) ?? null;
    this.emitStatus();
    this.wake();
  }

  /** Resolves once the item is safely on disk; sending happens in the background. */
  async submit(item: T): Promise<{ id: string }> {
    if (this.closing.signal.aborted) throw new Error('The outbox is closed; the item was not saved.');
    const parsed = this.opts.schema.safeParse(item);
    if (!parsed.success) throw new Error(`The item was not saved: it is not valid (${parsed.error.issues[0]?.message ?? 'invalid'}).`);
    const id = this.opts.newId?.() ?? randomUUID();
    try {
      await this.journal.append({ op: 'add', id, item: parsed.data });
    } catch (err) {
      throw new Error(`Could not save the item to disk (${plain(err)}); it was not sent. Check free disk space and try again.`, {
        cause: err,
      });
    }
    this.entries.push({ id, item: parsed.data, addedAt: new Date().toISOString(), attempts: 0, parked: null });
    await this.opts.afterJournaled?.(id);
    this.emitStatus();
    this.nudge();
    return { id };
  }

  status(): OutboxStatus {
    const parked = this.entries.filter((e) => e.parked !== null).length;
    return {
      pending: this.entries.length - parked,
      sending: this.sending,
      lastError: this.lastError,
      lastErrorSay: this.lastErrorSay,
      parked,
      nextRetryAt: this.nextRetryAt,
    };
  }

  parkedEntries(): ParkedEntry<T>[] {
    return this.entries.flatMap((e) => {
      if (e.parked === null) return [];
      const parsed = this.opts.schema.safeParse(e.item);
      return [{ id: e.id, item: parsed.success ? parsed.data : null, reason: e.parked, say: e.parkedSay ?? null }];
    });
  }

  /** Puts a parked entry back in line (after a person fixed the cause). */
  async unpark(id: string): Promise<void> {
    const e = this.entries.find((x) => x.id === id && x.parked !== null);
    if (!e) throw new Error(`No parked item with id ${id}.`);
    await this.journal.append({ op: 'unpark', id });
    e.parked = null;
    e.parkedSay = undefined;
    e.attempts = 0;
    this.emitStatus();
    this.wake();
  }

  /** Skips the backoff wait and tries now (network back, user asked). */
  retryNow(): void {
    if (!this.started) return;
    this.failures = 0;
    this.wake();
  }

  /** Resolves when nothing is left to send right now (all done or parked), or on close. */
  whenIdle(): Promise<void> {
    if (this.status().pending === 0 || this.closing.signal.aborted) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  on<K extends keyof OutboxEvents>(event: K, listener: (value: OutboxEvents[K]) => void): () => void {
    return this.events.on(event, listener);
  }

  /** Stops sending (aborting an attempt in flight, which stays queued) and closes the journal. */
  async close(): Promise<void> {
    if (this.closing.signal.aborted) return;
    this.closing.abort(new Error('The outbox is closing.'));
    this.timer?.cancel();
    this.unsubscribeOnline?.();
    await this.pumping;
    await this.journal.close();
    this.resolveIdle();
  }

  private wake(): void {
    if (!this.started || this.closing.signal.aborted) return;
    this.timer?.cancel();
    this.timer = null;
    this.nextRetryAt = null;
    if (this.pumping) {
      this.wakeRequested = true;
      return;
    }
    this.pumping = this.pump().finally(() => {
      this.pumping = null;
      const [wake, nudge] = [this.wakeRequested, this.nudgeRequested];
      this.wakeRequested = false;
      this.nudgeRequested = false;
      if (wake) this.wake();
      else if (nudge) this.nudge();
    });
  }

  /** New work: pump now, unless the line is waiting out a failure (then the new entry waits with it). */
  private nudge(): void {
    if (!this.started || this.closing.signal.aborted || this.timer) return;
    if (this.pumping) {
      this.nudgeRequested = true;
      return;
    }
    this.wake();
  }

  private async pump(): Promise<void> {
    while (!this.closing.signal.aborted) {
      const entry = this.entries.find((e) => e.parked === null);
      if (!entry) {
        await this.compactIfQuiet();
        this.resolveIdle();
        return;
      }
      const outcome = await this.attempt(entry);
      if (outcome.kind === 'ok') {
        // Recorded even while closing: the platform has it, so it must not go again.
        await this.settle(() => this.journal.append({ op: 'done', id: entry.id }));
        this.entries.splice(this.entries.indexOf(entry), 1);
        this.failures = 0;
        this.lastError = null;
        this.lastErrorSay = null;
        this.emit('sent', { id: entry.id });
      } else if (this.closing.signal.aborted) {
        return; // stays queued; it goes again after the next open
      } else if (outcome.kind === 'permanent' || entry.attempts >= this.maxAttempts) {
        const reason =
          outcome.kind === 'permanent'
            ? outcome.reason
            : `Gave up after ${entry.attempts} attempts; last error: ${outcome.reason}`;
        const say = outcome.kind === 'permanent' ? outcome.say : outcome.say && { key: 'outbox.parked.gaveUp', params: { attempts: String(entry.attempts) }, cause: outcome.say };
        await this.settle(() => this.journal.append({ op: 'park', id: entry.id, reason, ...(say ? { say } : {}) }));
        entry.parked = reason;
        entry.parkedSay = say;
        this.lastError = reason;
        this.lastErrorSay = say ? clipSaid(say) : null;
        this.emit('parked', { id: entry.id, reason });
      } else {
        this.lastError = outcome.reason;
        this.lastErrorSay = outcome.say ? clipSaid(outcome.say) : null;
        const delay = backoffDelay(this.policy, this.failures, this.random);
        this.failures += 1;
        this.nextRetryAt = this.clock.now() + delay;
        this.timer = this.clock.setTimer(() => this.wake(), delay);
        this.emitStatus();
        return;
      }
      this.emitStatus();
    }
  }

  private async attempt(entry: JournalEntry): Promise<SendOutcome> {
    entry.attempts += 1;
    try {
      await this.journal.append({ op: 'attempt', id: entry.id, n: entry.attempts });
    } catch (err) {
      return { kind: 'retry', reason: `Could not write to the outbox journal (${plain(err)}).` };
    }
    this.sending = true;
    this.emitStatus();
    try {
      const limits = { clock: this.clock, timeoutMs: this.sendTimeoutMs, closing: this.closing.signal };
      return await boundedSend(this.opts.send, () => this.opts.schema.parse(entry.item), { id: entry.id, attempt: entry.attempts }, limits);
    } finally {
      this.sending = false;
    }
  }

  /** Writes a closing record; if the disk refuses, the replayed journal still has the entry (sent again after restart). */
  private async settle(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (err) {
      this.lastError = `Could not record the result on disk (${plain(err)}); after a restart the item may be sent again.`;
      this.lastErrorSay = null;
    }
  }

  /** Nothing to send right now: rewrite the journal when it emptied, or when parked entries sit under a long tail. */
  private async compactIfQuiet(): Promise<void> {
    const appended = this.journal.recordsSinceCompaction;
    if (appended === 0 || (this.entries.length > 0 && appended < COMPACT_AFTER_RECORDS)) return;
    try {
      await this.journal.compact(this.entries);
    } catch {
      // The long journal is still correct; compaction is housekeeping only.
    }
  }

  private resolveIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  private emitStatus(): void {
    this.emit('status', this.status());
  }

  private emit<K extends keyof OutboxEvents>(event: K, value: OutboxEvents[K]): void {
    this.events.emit(event, value);
  }
}
