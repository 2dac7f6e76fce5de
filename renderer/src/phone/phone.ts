/**
 * The agent's phone: a sip.js UserAgent that registers with HA1 credentials,
 * receives calls (Invitation), decides auto-answer, and keeps itself
 * registered across socket drops, network changes and sleep.
 *
 *   start() ─▶ connect ─▶ REGISTER ─▶ registered ◀──────────────┐
 *                 ▲                        │ socket lost          │
 *                 └── backoff + jitter ◀───┘ (or networkChanged/  │
 *                     (100–200 ms first)      resumed: at once) ──┘
 *
 * One call at a time (a contact-center agent takes one); a second INVITE
 * while a call is live gets 486 Busy Here.
 */
import { Registerer, RegistererState, RequestPendingError, UserAgent, type Invitation } from 'sip.js';
import { SIP_RECONNECT_BACKOFF } from '../../../common/backoff';
import { decideAutoAnswer, type PendingMakeCall } from './auto-answer';
import { isLive } from './call-state';
import { readCtiHeader } from './cti-header';
import { browserMedia } from './browser-media';
import { PhoneCall, type DeviceChoice, type HangUpResult } from './phone-call';
import type { PhoneEvents } from './phone-events';
import { PHONE_DEFAULTS, type PhoneOptions } from './phone-options';
import { Reconnector } from './reconnector';
import { nextRegistration, type ConnectionIndicator, type RegistrationState } from './registration-state';
import { browserTimers, type Timers } from './timers';
import { TypedEmitter } from './typed-emitter';

/** A Make Call the UI announced; call `setGuid` once Make Call returns, `cancel` if it failed. */
export interface MakeCallExpectation {
  setGuid(guid: string): void;
  cancel(): void;
}

export class Phone {
  private readonly events = new TypedEmitter<PhoneEvents>();
  private readonly ua: UserAgent;
  private readonly timers: Timers;
  private readonly reconnector: Reconnector;
  private registerer: Registerer;
  private reg: RegistrationState = { kind: 'unregistered' };
  private indicator: ConnectionIndicator = 'offline';
  private started = false;
  private credentialsRefused = false;
  private current: PhoneCall | null = null;
  private readonly pending = new Map<number, PendingMakeCall>();
  private pendingSeq = 0;
  private autoAnswerCampaigns: ReadonlySet<string> = new Set();
  private devices: DeviceChoice = { microphone: null, speaker: null, ringer: null };

  constructor(private readonly options: PhoneOptions) {
    this.timers = options.timers ?? browserTimers;
    const creds = options.credentials;
    const uri = UserAgent.makeURI(creds.uri);
    if (!uri) throw new Error(`The phone's SIP address "${creds.uri}" is not valid; check the SIP settings.`);
    this.ua = new UserAgent({
      uri,
      authorizationUsername: creds.authorizationUsername,
      authorizationHa1: creds.authorizationHa1,
      displayName: creds.displayName,
      transportOptions: {
        server: creds.wsUrl,
        connectionTimeout: options.connectionTimeoutSec ?? PHONE_DEFAULTS.connectionTimeoutSec,
        ...options.sip?.transportOptions,
      },
      ...(options.sip?.transportConstructor ? { transportConstructor: options.sip.transportConstructor } : {}),
      ...(options.sip?.sessionDescriptionHandlerFactory
        ? { sessionDescriptionHandlerFactory: options.sip.sessionDescriptionHandlerFactory }
        : {}),
      sessionDescriptionHandlerFactoryOptions: {
        peerConnectionConfiguration: { iceServers: options.iceServers ?? [] },
        iceGatheringTimeout: options.iceGatheringTimeoutMs ?? PHONE_DEFAULTS.iceGatheringTimeoutMs,
      },
      logLevel: options.logLevel ?? 'warn',
      ...(options.log ? { logBuiltinEnabled: false, logConnector: options.log } : {}),
      // We reconnect ourselves, with backoff and jitter tuned for a fast return.
      reconnectionAttempts: 0,
      // 180 Ringing only for calls that ring (auto-answered ones go straight to 200).
      sendInitialProvisionalResponse: false,
      delegate: {
        onConnect: () => this.onConnect(),
        onDisconnect: (error) => this.onDisconnect(error),
        onInvite: (invitation) => this.onInvite(invitation),
      },
    });
    this.registerer = this.newRegisterer();
    this.reconnector = new Reconnector({
      policy: options.reconnect ?? SIP_RECONNECT_BACKOFF,
      timers: this.timers,
      ...(options.random ? { random: options.random } : {}),
      attempt: () => this.ua.reconnect(),
      onFailure: () => this.refreshIndicator(),
      onGiveUp: () => this.setRegistration({ kind: 'failed', reason: 'The phone could not reach the platform for a long time. Sign out and in again.' }),
    });
  }

  on<K extends keyof PhoneEvents>(event: K, listener: (value: PhoneEvents[K]) => void): () => void {
    return this.events.on(event, listener);
  }

  get registration(): RegistrationState {
    return this.reg;
  }

  get connection(): ConnectionIndicator {
    return this.indicator;
  }

  /** The live call, or the last one until the next arrives. */
  get call(): PhoneCall | null {
    return this.current;
  }

  /** Connects and registers. Resolves once the first connection attempt is over (registration follows by events). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.credentialsRefused = false;
    // A Registerer does not outlive ua.stop(): after a sign-out, start with a new one.
    if (this.registerer.state === RegistererState.Terminated) this.registerer = this.newRegisterer();
    this.setRegistration({ kind: 'registering' });
    try {
      await this.ua.start();
    } catch {
      this.reconnector.schedule();
      this.refreshIndicator();
    }
  }

  /** Hangs up, unregisters (best effort, bounded) and disconnects. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.reconnector.cancel();
    if (this.current && isLive(this.current.state)) await this.current.hangUp().catch(() => undefined);
    if (this.ua.isConnected() && this.registerer.state === RegistererState.Registered) {
      await Promise.race([this.registerer.unregister().catch(() => undefined), this.delay(2_000)]);
    }
    // ua.stop() waits for every Registerer, and one abandoned with a REGISTER lost on
    // a dead socket would hold it for its ~32 s timeout: bound it and close the socket.
    const stopped = await Promise.race([this.ua.stop().then(() => true, () => true), this.delay(2_000).then(() => false)]);
    if (!stopped) await this.ua.transport.disconnect().catch(() => undefined);
    this.setRegistration({ kind: 'unregistered' });
  }

  /** Main reported a network change: re-register now (reconnecting first unless a call is live). */
  networkChanged(): void {
    this.kick();
  }

  /** Main reported a resume from sleep: the socket may be dead without knowing it. */
  resumed(): void {
    this.kick();
  }

  /** The UI is about to (or just did) ask Make Call for `destination`: auto-answer the matching call. */
  expectCall(destination: string): MakeCallExpectation {
    const key = ++this.pendingSeq;
    const expiresAt = this.timers.now() + (this.options.makeCallWindowMs ?? PHONE_DEFAULTS.makeCallWindowMs);
    this.pending.set(key, { destination, expiresAt });
    return {
      setGuid: (guid) => {
        const p = this.pending.get(key);
        if (p) this.pending.set(key, { ...p, guid });
      },
      cancel: () => this.pending.delete(key),
    };
  }

  /** Campaigns whose calls are answered automatically (`auto_answer` on), from Get Campaigns. */
  setAutoAnswerCampaigns(names: Iterable<string>): void {
    this.autoAnswerCampaigns = new Set(names);
  }

  /** Chooses devices; a live call switches microphone and speaker at once, the ringer applies to the next ring. */
  async setDevices(choice: Partial<DeviceChoice>): Promise<void> {
    const before = this.devices;
    this.devices = { ...before, ...choice };
    const call = this.current;
    if (!call || !isLive(call.state)) return;
    if ('microphone' in choice && choice.microphone !== before.microphone) await call.setMicrophone(this.devices.microphone);
    if ('speaker' in choice && choice.speaker !== before.speaker) await call.setSpeaker(this.devices.speaker);
  }

  // Convenience for the UI: act on the current call.
  answer = (): Promise<void> => this.live().answer();
  reject = (): Promise<void> => this.live().reject();
  hangUp = (): Promise<HangUpResult> => this.live().hangUp();
  setMuted = (muted: boolean): void => this.live().setMuted(muted);
  hold = (): Promise<void> => this.live().hold();
  resume = (): Promise<void> => this.live().resume();
  sendDtmf = (tones: string): void => this.live().sendDtmf(tones);
  /** Test hooks: latest quality sample and received audio level of the current call. */
  stats = (): ReturnType<PhoneCall['stats']> => this.current?.stats() ?? null;
  remoteLevel = (): number => this.current?.remoteLevel() ?? 0;

  private live(): PhoneCall {
    if (!this.current || !isLive(this.current.state)) throw new Error('There is no call right now.');
    return this.current;
  }

  private kick(): void {
    if (!this.started || this.credentialsRefused) return;
    const callLive = this.current !== null && isLive(this.current.state);
    if (this.ua.isConnected() && callLive) {
      this.register();
      return;
    }
    if (this.reg.kind === 'registered') this.setRegistration({ kind: 'registering' });
    if (this.ua.isConnected()) {
      // Drop the possibly half-dead socket; onDisconnect then reconnects at once.
      void this.ua.transport.disconnect().then(() => this.reconnector.now());
    } else {
      this.reconnector.now();
    }
  }

  private onConnect(): void {
    this.reconnector.cancel();
    this.register();
  }

  private onDisconnect(error?: Error): void {
    if (!this.started) return;
    if (this.reg.kind !== 'failed') this.setRegistration({ kind: 'registering' });
    if (!this.credentialsRefused) this.reconnector.schedule();
    this.refreshIndicator();
    void error;
  }

  private newRegisterer(): Registerer {
    const r = new Registerer(this.ua, { expires: this.options.registerExpiresSec ?? PHONE_DEFAULTS.registerExpiresSec });
    r.stateChange.addListener((s) => {
      if (r !== this.registerer || !this.started) return;
      if (s === RegistererState.Registered) this.setRegistration({ kind: 'registered' });
      else if (s === RegistererState.Unregistered && this.reg.kind === 'registered') this.setRegistration({ kind: 'registering' });
    });
    return r;
  }

  private register(retryIfPending = true): void {
    if (!this.started) return;
    if (this.reg.kind !== 'registered') this.setRegistration({ kind: 'registering' });
    if (this.registerer.state === RegistererState.Terminated) this.registerer = this.newRegisterer();
    this.registerer
      .register({
        requestDelegate: {
          // Registerer's own stateChange does not fire for a refresh of a binding it already had.
          onAccept: () => this.setRegistration({ kind: 'registered' }),
          onReject: (response) => {
            const { statusCode, reasonPhrase } = response.message;
            if (statusCode === 401 || statusCode === 403) {
              this.credentialsRefused = true;
              this.setRegistration({
                kind: 'failed',
                reason: `The platform refused the phone's credentials (${statusCode} ${reasonPhrase}). Sign out and in again; if it goes on, ask an administrator to check the agent's SIP password.`,
              });
            } else {
              this.setRegistration({ kind: 'failed', reason: `The platform did not accept the registration (${statusCode} ${reasonPhrase}); retrying.` });
              this.timers.setTimeout(() => this.started && this.register(), 5_000);
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

  private onInvite(invitation: Invitation): void {
    if (this.current && isLive(this.current.state)) {
      void invitation.reject({ statusCode: 486 }).catch(() => undefined);
      return;
    }
    const req = invitation.request;
    const { cti, error } = readCtiHeader(req.getHeader(this.options.ctiHeader ?? PHONE_DEFAULTS.ctiHeader));
    const remote = invitation.assertedIdentity ?? invitation.remoteIdentity;
    const remoteUser = remote.uri.user ?? '';
    const now = this.timers.now();
    const decision = decideAutoAnswer(
      { pAutoAnswer: req.getHeader('P-Auto-Answer'), callInfo: req.getHeaders('Call-Info'), cti, remoteUser },
      [...this.pending.values()],
      this.autoAnswerCampaigns,
      now,
    );
    if (decision.answer && decision.match) {
      for (const [k, p] of this.pending) if (p === decision.match) this.pending.delete(k);
    }
    const call = new PhoneCall(
      invitation,
      { id: invitation.id, remoteUser, remoteDisplayName: remote.displayName, cti, ctiError: error, autoAnswer: decision, receivedAt: now },
      {
        media: this.options.media ?? browserMedia,
        timers: this.timers,
        devices: () => this.devices,
        isConnected: () => this.ua.isConnected(),
        events: {
          state: (c) => this.events.emit('call', { call: c, state: c.state }),
          mute: (c) => this.events.emit('mute', { callId: c.id, muted: c.isMuted }),
          quality: (c, sample) => this.events.emit('quality', { callId: c.id, sample }),
        },
      },
    );
    this.current = call;
    this.events.emit('call', { call, state: call.state });
    this.events.emit('cti', { callId: call.id, cti, error });
    if (decision.answer) {
      call.answer().catch(() => undefined); // the failure shows as ended{failed}
    } else {
      call.ring();
      void invitation.progress().catch(() => undefined);
    }
  }

  private setRegistration(to: RegistrationState): void {
    if (to.kind === this.reg.kind && to.kind !== 'failed') {
      this.refreshIndicator();
      return;
    }
    this.reg = nextRegistration(this.reg, to);
    this.events.emit('registration', this.reg);
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
    this.events.emit('connection', next);
  }

  private delay(ms: number): Promise<void> {
    return new Promise((resolve) => this.timers.setTimeout(resolve, ms));
  }
}
