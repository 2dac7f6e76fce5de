/**
 * Keeps checking that the phone's SIP connection is alive, so that a
 * half-open one (the page's WebSocket still "open", nothing arriving) is
 * found within ~9 s and replaced, instead of living on until the next
 * REGISTER refresh minutes later.
 *
 *   connected ──no frame for idleMs──▶ check ──anything arrives──▶ connected
 *       ▲                                │ nothing within answerMs
 *       │                                ▼
 *       └────── reconnect ◀──── transport.abandon()
 *
 * A check is a CRLF keep-alive (RFC 5626) when the server answered one on this
 * connection, else an OPTIONS request (any final response proves the path):
 * right after connecting, one CRLF ping learns which of the two works. Any
 * inbound frame counts as proof of life, so a busy connection is never pinged.
 */
import type { RandomSource } from '../../../../common/backoff';
import type { Timers } from '../timers';
import type { LiveTransport } from './ws-transport';

export interface ConnectionWatchOptions {
  readonly transport: LiveTransport;
  readonly timers: Timers;
  readonly random?: RandomSource;
  /** Check after this long without any inbound frame (default 4.5 s, minus up to 10 % jitter). */
  readonly idleMs?: number;
  /** A check without an answer in this long means the connection is dead (default 3 s). */
  readonly answerMs?: number;
  /** An OPTIONS ping for servers that do not answer CRLF keep-alives; true on any final response. */
  readonly optionsPing: (timeoutMs: number) => Promise<boolean>;
}

export const CONNECTION_WATCH_DEFAULTS = { idleMs: 4_500, answerMs: 3_000 } as const;

/** How often the idle time is looked at. */
const TICK_MS = 500;

export class ConnectionWatch {
  private tick: unknown = null;
  private learnTimer: unknown = null;
  private crlfWorks: boolean | null = null;
  private checking: Promise<boolean> | null = null;
  private watchingSince = 0;
  private idleMs: number;

  constructor(private readonly opts: ConnectionWatchOptions) {
    this.idleMs = opts.idleMs ?? CONNECTION_WATCH_DEFAULTS.idleMs;
  }

  private get answerMs(): number {
    return this.opts.answerMs ?? CONNECTION_WATCH_DEFAULTS.answerMs;
  }

  /** The connection is up: learn whether CRLF pongs come back, then check whenever it has been quiet. */
  start(): void {
    this.stop();
    const { timers, transport } = this.opts;
    const base = this.opts.idleMs ?? CONNECTION_WATCH_DEFAULTS.idleMs;
    // Spread a floor of agents that connected together.
    this.idleMs = Math.round(base * (1 - 0.1 * (this.opts.random ?? Math.random)()));
    this.watchingSince = timers.now();
    this.crlfWorks = null;
    void transport.ping(this.answerMs);
    this.learnTimer = timers.setTimeout(() => {
      this.learnTimer = null;
      this.crlfWorks = transport.pongSeen === true;
    }, this.answerMs);
    this.tick = timers.setInterval(() => this.onTick(), TICK_MS);
  }

  stop(): void {
    if (this.tick !== null) this.opts.timers.clearInterval(this.tick);
    if (this.learnTimer !== null) this.opts.timers.clearTimeout(this.learnTimer);
    this.tick = null;
    this.learnTimer = null;
  }

  /**
   * Checks now (media stopped, the network changed); abandons the connection
   * when nothing answers within `answerMs`. Resolves whether it is alive.
   */
  check(answerMs = this.answerMs): Promise<boolean> {
    if (!this.opts.transport.isConnected()) return Promise.resolve(false);
    this.checking ??= this.runCheck(answerMs).finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private onTick(): void {
    const { transport, timers } = this.opts;
    if (!transport.isConnected() || this.checking) return;
    const quietSince = Math.max(transport.lastFrameAt ?? 0, this.watchingSince);
    if (timers.now() - quietSince >= this.idleMs) void this.check();
  }

  private async runCheck(answerMs: number): Promise<boolean> {
    const { transport } = this.opts;
    // Before the first answer is known, OPTIONS is the check every server answers.
    const alive = this.crlfWorks === true ? await transport.ping(answerMs) : await this.opts.optionsPing(answerMs);
    if (!alive && transport.isConnected()) transport.abandon(`nothing answered a keep-alive within ${Math.round(answerMs / 100) / 10} s`);
    return alive;
  }
}
