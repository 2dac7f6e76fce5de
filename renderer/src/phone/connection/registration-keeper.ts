/**
 * Keeps the phone registered: REGISTER on every connect; a keep-alive that
 * finds a dead connection (connection-watch.ts); reconnect when the socket
 * drops, gated by main's probe of the SIP service on the reconnect curve
 * (reconnector.ts, common/reconnect-curve.ts), or on the page's own slots of
 * that curve when no main can probe; at once on a network change or a
 * resume; a refused REGISTER retried after the registrar's Retry-After or a
 * growing random wait (refused-retry.ts); and the header's indicator derived
 * from it all. The state machine itself is in
 * registration-state.ts.
 *
 *   start() ─▶ connect ─▶ REGISTER ─▶ registered ◀───────────────────┐
 *                 ▲                        │ socket lost / keep-alive   │
 *                 │                        │ unanswered                 │
 *                 └── wait for reachable, ◀──┘     kick(): check the ─────┘
 *                     then a spread wait         socket, re-REGISTER
 *
 * After a connection was lost, the first successful REGISTER is reported
 * (`onRegisteredAgain`, with how long the phone was offline): the phone then
 * refreshes its live calls and main signs the agent in again.
 */
import { Registerer, RegistererState, RequestPendingError, UserAgent } from 'sip.js';
import type { RandomSource } from '../../../../common/backoff';
import type { ReconnectCurve } from '../../../../common/reconnect-curve';
import { ConnectionWatch } from './connection-watch';
import { Reconnector, type ReachabilityPort } from './reconnector';
import { refusedRetryDelay } from './refused-retry';
import { nextRegistration, type ConnectionIndicator, type RegistrationState } from './registration-state';
import type { Timers } from '../timers';
import { isLiveTransport } from './ws-transport';

export interface RegistrationKeeperOptions {
  readonly timers: Timers;
  readonly expiresSec: number;
  /** When the page tries by itself without main (default RECONNECT_CURVE; tests pass a fast one). */
  readonly reconnect?: ReconnectCurve;
  readonly random?: RandomSource;
  /** Main's probe of the SIP service: every reconnect waits for it (no quick tries); without it the page retries on its own slots of the curve. */
  readonly reachability?: ReachabilityPort;
  /** Keep-alive tuning (connection-watch.ts defaults when absent). */
  readonly keepAlive?: { readonly idleMs?: number; readonly answerMs?: number };
  readonly onRegistration: (state: RegistrationState) => void;
  readonly onConnection: (indicator: ConnectionIndicator) => void;
  /** Registered again after the connection was lost (its binding with it) or a kick. */
  readonly onRegisteredAgain?: (again: RegisteredAgain) => void;
}

export type KickReason = 'network-changed' | 'resumed';

export interface RegisteredAgain {
  /** From losing the connection (or the kick) to the new 200 OK. */
  readonly offlineMs: number;
  /** What started it: the connection was lost, or main's cue. */
  readonly cause: KickReason | 'lost';
  /** The REGISTER went over a new connection: the registrar had lost the old binding. */
  readonly newConnection: boolean;
}

/** Bound on sign-out steps that wait for the network. */
const STOP_STEP_MS = 2_000;
/** A kick checks the socket this fast: a network change or a wake-up makes a dead one likely, and a live one answers in a round trip. */
const KICK_CHECK_MS = 500;

export class RegistrationKeeper {
  private readonly reconnector: Reconnector;
  private readonly watch: ConnectionWatch | null;
  private registerer: Registerer;
  private reg: RegistrationState = { kind: 'unregistered' };
  private indicator: ConnectionIndicator = 'offline';
  private started = false;
  private credentialsRefused = false;
  /** REGISTERs refused in a row (not 401/403), and the timer of the next one. */
  private refusals = 0;
  private refusedRetry: unknown = null;
  /** Since when the phone has been re-establishing its registration (null while all is well), and why. */
  private outage: { at: number; cause: KickReason | 'lost'; connectionLost: boolean } | null = null;

  constructor(
    private readonly ua: UserAgent,
    private readonly opts: RegistrationKeeperOptions,
  ) {
    this.registerer = this.newRegisterer();
    this.reconnector = new Reconnector({
      ...(opts.reconnect ? { curve: opts.reconnect } : {}),
      timers: opts.timers,
      ...(opts.random ? { random: opts.random } : {}),
      // With main behind the page: no WebSocket until main's probe finds the SIP service (its slots spread a floor's return).
      ...(opts.reachability ? { reachability: opts.reachability, probeFirst: true } : {}),
      attempt: () => this.ua.reconnect(),
      onFailure: () => this.refreshIndicator(),
      onServerAwayChange: () => this.refreshIndicator(),
      onGiveUp: () => this.set({ kind: 'failed', reason: { key: 'phone.reg.gaveUp', params: {} } }),
    });
    const transport = ua.transport;
    this.watch = isLiveTransport(transport)
      ? new ConnectionWatch({
          transport,
          timers: opts.timers,
          ...(opts.random ? { random: opts.random } : {}),
          ...opts.keepAlive,
          optionsPing: (timeoutMs) => this.optionsPing(timeoutMs),
        })
      : null;
  }

  get state(): RegistrationState {
    return this.reg;
  }

  get connection(): ConnectionIndicator {
    return this.indicator;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.credentialsRefused = false;
    this.outage = null;
    // A Registerer does not outlive ua.stop(): after a sign-out, start with a new one.
    if (this.registerer.state === RegistererState.Terminated) this.registerer = this.newRegisterer();
    this.set({ kind: 'registering' });
    try {
      await this.ua.start();
    } catch {
      this.reconnector.schedule();
      this.refreshIndicator();
    }
  }

  /** Unregisters (bounded) and disconnects. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.clearRefusedRetry();
    this.reconnector.cancel();
    this.watch?.stop();
    if (this.ua.isConnected() && this.registerer.state === RegistererState.Registered) {
      await Promise.race([this.registerer.unregister().catch(() => undefined), this.delay(STOP_STEP_MS)]);
    }
    // ua.stop() waits for every Registerer, and one abandoned with a REGISTER lost on
    // a dead socket would hold it for its ~32 s timeout: bound it and close the socket.
    const stopped = await Promise.race([this.ua.stop().then(() => true, () => true), this.delay(STOP_STEP_MS).then(() => false)]);
    if (!stopped) await this.ua.transport.disconnect().catch(() => undefined);
    this.set({ kind: 'unregistered' });
  }

  /**
   * The network changed or the computer woke up: the socket may be dead
   * without knowing it. Check it at once; a live one registers again, a dead
   * one is dropped and replaced now (no quick-try wait).
   */
  kick(reason: KickReason): void {
    if (!this.started || this.credentialsRefused) return;
    if (!this.ua.isConnected()) {
      this.reconnector.now();
      return;
    }
    this.outage ??= { at: this.opts.timers.now(), cause: reason, connectionLost: false };
    void this.checkConnection(KICK_CHECK_MS).then((alive) => {
      if (!this.started) return;
      if (alive) this.register();
      else this.reconnector.now();
    });
  }

  /**
   * A call the platform was to send never came (Make Call's, which rings this phone first): the
   * registrar may have lost the binding while the connection stayed. REGISTER again over it, after
   * checking it answers; a dead one is dropped, which reconnects. Not an outage: no calls are refreshed.
   */
  refresh(): void {
    if (!this.started || this.credentialsRefused || !this.ua.isConnected()) return;
    void this.checkConnection(KICK_CHECK_MS).then((alive) => {
      if (this.started && alive) this.register();
    });
  }

  /**
   * Whether the connection answers within `answerMs` (a keep-alive now); a
   * dead one is dropped, which starts reconnecting. For the call's media
   * watch: audio that stops is the first sign of a dead path.
   */
  checkConnection(answerMs?: number): Promise<boolean> {
    if (!this.watch) return Promise.resolve(this.ua.isConnected());
    return this.watch.check(answerMs);
  }

  /** The UserAgent's delegate forwards its connect here. */
  onConnect(): void {
    this.reconnector.cancel();
    this.clearRefusedRetry();
    this.watch?.start();
    this.register();
  }

  /**
   * The UserAgent's delegate forwards its disconnect here. Returns what
   * started this outage (a kick's reason, else 'lost'), or null when the
   * phone is stopping (no outage: the agent signed out).
   */
  onDisconnect(): KickReason | 'lost' | null {
    this.watch?.stop();
    // The next connection registers anew: a retry timed for this one would send a second REGISTER.
    this.clearRefusedRetry();
    if (!this.started) return null;
    this.outage ??= { at: this.opts.timers.now(), cause: 'lost', connectionLost: true };
    this.outage.connectionLost = true;
    if (this.reg.kind !== 'failed') this.set({ kind: 'registering' });
    if (!this.credentialsRefused) this.reconnector.schedule();
    this.refreshIndicator();
    return this.outage.cause;
  }

  private newRegisterer(): Registerer {
    const r = new Registerer(this.ua, { expires: this.opts.expiresSec });
    r.stateChange.addListener((s) => {
      if (r !== this.registerer || !this.started) return;
      if (s === RegistererState.Registered) this.registered();
      else if (s === RegistererState.Unregistered && this.reg.kind === 'registered') this.set({ kind: 'registering' });
    });
    return r;
  }

  private registered(): void {
    this.refusals = 0;
    this.set({ kind: 'registered' });
    const outage = this.outage;
    if (!outage) return;
    this.outage = null;
    this.opts.onRegisteredAgain?.({ offlineMs: Math.max(0, this.opts.timers.now() - outage.at), cause: outage.cause, newConnection: outage.connectionLost });
  }

  private register(retryIfPending = true): void {
    if (!this.started) return;
    if (this.reg.kind !== 'registered') this.set({ kind: 'registering' });
    if (this.registerer.state === RegistererState.Terminated) this.registerer = this.newRegisterer();
    this.registerer
      .register({
        requestDelegate: {
          // Registerer's own stateChange does not fire for a refresh of a binding it already had.
          onAccept: () => this.registered(),
          onReject: (response) => {
            // A REGISTER answered (or timed out) after the sign-out: nothing to show, nothing to retry.
            if (!this.started) return;
            const { statusCode, reasonPhrase } = response.message;
            if (statusCode === 401 || statusCode === 403) {
              this.credentialsRefused = true;
              this.set({ kind: 'failed', reason: { key: 'phone.reg.credentialsRefused', params: { status: `${statusCode} ${reasonPhrase}` } } });
            } else {
              this.set({ kind: 'failed', reason: { key: 'phone.reg.refused', params: { status: `${statusCode} ${reasonPhrase}` } } });
              this.refusals += 1;
              this.clearRefusedRetry();
              const delay = refusedRetryDelay(response.message.getHeader('retry-after'), this.refusals, this.opts.random);
              this.refusedRetry = this.opts.timers.setTimeout(() => {
                this.refusedRetry = null;
                if (this.started) this.register();
              }, delay);
            }
          },
        },
      })
      .catch((err: unknown) => {
        // A REGISTER sent on a socket that died waits ~32 s for its timeout;
        // do not wait for it: a fresh Registerer sends a new one now.
        if (err instanceof RequestPendingError && retryIfPending) {
          this.registerer = this.newRegisterer();
          this.register(false);
        }
        // Other failures (socket down) are handled by onDisconnect.
      });
  }

  /** An out-of-dialog OPTIONS to the registrar's domain; whatever final answer comes proves the connection carries SIP both ways. */
  private optionsPing(timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const { uri } = this.ua.configuration;
      const target = UserAgent.makeURI(`sip:${uri.host}`);
      if (!target || !this.ua.isConnected()) return resolve(false);
      const timer = this.opts.timers.setTimeout(() => resolve(false), timeoutMs);
      const answered = (): void => {
        this.opts.timers.clearTimeout(timer);
        resolve(true);
      };
      try {
        const core = this.ua.userAgentCore;
        core.request(core.makeOutgoingRequestMessage('OPTIONS', target, uri, uri, {}), { onAccept: answered, onReject: answered });
      } catch {
        this.opts.timers.clearTimeout(timer);
        resolve(false);
      }
    });
  }

  private set(to: RegistrationState): void {
    if (to.kind === this.reg.kind && to.kind !== 'failed') {
      this.refreshIndicator();
      return;
    }
    this.reg = nextRegistration(this.reg, to);
    this.opts.onRegistration(this.reg);
    this.refreshIndicator();
  }

  private refreshIndicator(): void {
    const next: ConnectionIndicator =
      this.reg.kind === 'registered'
        ? 'registered'
        : this.reg.kind === 'failed' || !this.started || this.reconnector.failedAttempts > 0 || this.reconnector.serverAway
          ? 'offline'
          : 'connecting';
    if (next === this.indicator) return;
    this.indicator = next;
    this.opts.onConnection(next);
  }

  private clearRefusedRetry(): void {
    if (this.refusedRetry !== null) this.opts.timers.clearTimeout(this.refusedRetry);
    this.refusedRetry = null;
  }

  private delay(ms: number): Promise<void> {
    return new Promise((resolve) => this.opts.timers.setTimeout(resolve, ms));
  }
}
