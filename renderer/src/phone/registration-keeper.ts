/**
 * Keeps the phone registered: REGISTER on every connect, reconnect with
 * backoff + jitter when the socket drops, at once on a network change or a
 * resume, and the header's indicator derived from it all. The state machine
 * itself is in registration-state.ts.
 *
 *   start() ─▶ connect ─▶ REGISTER ─▶ registered ◀──────────────┐
 *                 ▲                        │ socket lost          │
 *                 └── backoff + jitter ◀───┘ (or kick(): network  │
 *                     (100–200 ms first)      change / resume) ───┘
 */
import { Registerer, RegistererState, RequestPendingError, type UserAgent } from 'sip.js';
import { SIP_RECONNECT_BACKOFF, type BackoffPolicy, type RandomSource } from '../../../common/backoff';
import { Reconnector } from './reconnector';
import { nextRegistration, type ConnectionIndicator, type RegistrationState } from './registration-state';
import type { Timers } from './timers';

export interface RegistrationKeeperOptions {
  readonly timers: Timers;
  readonly expiresSec: number;
  readonly reconnect?: BackoffPolicy;
  readonly random?: RandomSource;
  /** While a call is live, a kick only re-REGISTERs (a new socket would orphan the call's dialog). */
  readonly hasLiveCall: () => boolean;
  readonly onRegistration: (state: RegistrationState) => void;
  readonly onConnection: (indicator: ConnectionIndicator) => void;
}

/** Retry a registration the registrar refused with something other than 401/403 after this long. */
const REFUSED_RETRY_MS = 5_000;
/** Bound on sign-out steps that wait for the network. */
const STOP_STEP_MS = 2_000;

export class RegistrationKeeper {
  private readonly reconnector: Reconnector;
  private registerer: Registerer;
  private reg: RegistrationState = { kind: 'unregistered' };
  private indicator: ConnectionIndicator = 'offline';
  private started = false;
  private credentialsRefused = false;

  constructor(
    private readonly ua: UserAgent,
    private readonly opts: RegistrationKeeperOptions,
  ) {
    this.registerer = this.newRegisterer();
    this.reconnector = new Reconnector({
      policy: opts.reconnect ?? SIP_RECONNECT_BACKOFF,
      timers: opts.timers,
      ...(opts.random ? { random: opts.random } : {}),
      attempt: () => this.ua.reconnect(),
      onFailure: () => this.refreshIndicator(),
      onGiveUp: () => this.set({ kind: 'failed', reason: { key: 'phone.reg.gaveUp', params: {} } }),
    });
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
    this.reconnector.cancel();
    if (this.ua.isConnected() && this.registerer.state === RegistererState.Registered) {
      await Promise.race([this.registerer.unregister().catch(() => undefined), this.delay(STOP_STEP_MS)]);
    }
    // ua.stop() waits for every Registerer, and one abandoned with a REGISTER lost on
    // a dead socket would hold it for its ~32 s timeout: bound it and close the socket.
    const stopped = await Promise.race([this.ua.stop().then(() => true, () => true), this.delay(STOP_STEP_MS).then(() => false)]);
    if (!stopped) await this.ua.transport.disconnect().catch(() => undefined);
    this.set({ kind: 'unregistered' });
  }

  /** Network changed or resumed from sleep: the socket may be dead without knowing it. */
  kick(): void {
    if (!this.started || this.credentialsRefused) return;
    if (this.ua.isConnected() && this.opts.hasLiveCall()) {
      this.register();
      return;
    }
    if (this.reg.kind === 'registered') this.set({ kind: 'registering' });
    if (this.ua.isConnected()) {
      // Drop the possibly half-dead socket; onDisconnect then reconnects at once.
      void this.ua.transport.disconnect().then(() => this.reconnector.now());
    } else {
      this.reconnector.now();
    }
  }

  /** The UserAgent's delegate forwards its connect here. */
  onConnect(): void {
    this.reconnector.cancel();
    this.register();
  }

  /** The UserAgent's delegate forwards its disconnect here. */
  onDisconnect(): void {
    if (!this.started) return;
    if (this.reg.kind !== 'failed') this.set({ kind: 'registering' });
    if (!this.credentialsRefused) this.reconnector.schedule();
    this.refreshIndicator();
  }

  private newRegisterer(): Registerer {
    const r = new Registerer(this.ua, { expires: this.opts.expiresSec });
    r.stateChange.addListener((s) => {
      if (r !== this.registerer || !this.started) return;
      if (s === RegistererState.Registered) this.set({ kind: 'registered' });
      else if (s === RegistererState.Unregistered && this.reg.kind === 'registered') this.set({ kind: 'registering' });
    });
    return r;
  }

  private register(retryIfPending = true): void {
    if (!this.started) return;
    if (this.reg.kind !== 'registered') this.set({ kind: 'registering' });
    if (this.registerer.state === RegistererState.Terminated) this.registerer = this.newRegisterer();
    this.registerer
      .register({
        requestDelegate: {
          // Registerer's own stateChange does not fire for a refresh of a binding it already had.
          onAccept: () => this.set({ kind: 'registered' }),
          onReject: (response) => {
            const { statusCode, reasonPhrase } = response.message;
            if (statusCode === 401 || statusCode === 403) {
              this.credentialsRefused = true;
              this.set({ kind: 'failed', reason: { key: 'phone.reg.credentialsRefused', params: { status: `${statusCode} ${reasonPhrase}` } } });
            } else {
              this.set({ kind: 'failed', reason: { key: 'phone.reg.refused', params: { status: `${statusCode} ${reasonPhrase}` } } });
              this.opts.timers.setTimeout(() => this.started && this.register(), REFUSED_RETRY_MS);
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
        : this.reg.kind === 'failed' || !this.started || this.reconnector.failedAttempts > 0
          ? 'offline'
          : 'connecting';
    if (next === this.indicator) return;
    this.indicator = next;
    this.opts.onConnection(next);
  }

  private delay(ms: number): Promise<void> {
    return new Promise((resolve) => this.opts.timers.setTimeout(resolve, ms));
  }
}
