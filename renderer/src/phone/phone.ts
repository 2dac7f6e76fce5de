/**
 * The agent's phone: a sip.js UserAgent that registers with HA1 credentials
 * (kept registered by registration-keeper.ts), receives calls (Invitation)
 * and decides auto-answer (auto-answer.ts).
 *
 * One call at a time (a contact-center agent takes one); a second INVITE
 * while a call is live gets 486 Busy Here.
 */
import { UserAgent, type Invitation } from 'sip.js';
import { decideAutoAnswer, type PendingMakeCall } from './auto-answer';
import { isLive } from './call-state';
import { readCtiHeader } from './cti-header';
import { browserMedia } from './browser-media';
import type { AudioRoute } from './call-media';
import { PhoneCall, type DeviceChoice, type HangUpResult } from './phone-call';
import type { PhoneEvents } from './phone-events';
import { PHONE_DEFAULTS, type PhoneOptions } from './phone-options';
import { RegistrationKeeper } from './registration-keeper';
import type { ConnectionIndicator, RegistrationState } from './registration-state';
import { browserTimers, type Timers } from './timers';
import { TypedEmitter } from './typed-emitter';
import { PhoneError } from './phone-error';

/** A Make Call the UI announced; call `setGuid` once Make Call returns, `cancel` if it failed. */
export interface MakeCallExpectation {
  setGuid(guid: string): void;
  cancel(): void;
}

export class Phone {
  private readonly events = new TypedEmitter<PhoneEvents>();
  private readonly ua: UserAgent;
  private readonly timers: Timers;
  private readonly keeper: RegistrationKeeper;
  private current: PhoneCall | null = null;
  private readonly pending = new Map<number, PendingMakeCall>();
  private pendingSeq = 0;
  private autoAnswerCampaigns: ReadonlySet<string> = new Set();
  private devices: DeviceChoice = { microphone: null, speaker: null, ringer: null };

  constructor(private readonly options: PhoneOptions) {
    this.timers = options.timers ?? browserTimers;
    const creds = options.credentials;
    const uri = UserAgent.makeURI(creds.uri);
    if (!uri) throw new PhoneError('phone.err.badSipAddress', { uri: creds.uri });
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
        onConnect: () => this.keeper.onConnect(),
        onDisconnect: () => this.keeper.onDisconnect(),
        onInvite: (invitation) => this.onInvite(invitation),
      },
    });
    this.keeper = new RegistrationKeeper(this.ua, {
      timers: this.timers,
      expiresSec: options.registerExpiresSec ?? PHONE_DEFAULTS.registerExpiresSec,
      ...(options.reconnect ? { reconnect: options.reconnect } : {}),
      ...(options.random ? { random: options.random } : {}),
      hasLiveCall: () => this.current !== null && isLive(this.current.state),
      onRegistration: (state) => this.events.emit('registration', state),
      onConnection: (indicator) => this.events.emit('connection', indicator),
    });
  }

  on<K extends keyof PhoneEvents>(event: K, listener: (value: PhoneEvents[K]) => void): () => void {
    return this.events.on(event, listener);
  }

  get registration(): RegistrationState {
    return this.keeper.state;
  }

  get connection(): ConnectionIndicator {
    return this.keeper.connection;
  }

  /** The live call, or the last one until the next arrives. */
  get call(): PhoneCall | null {
    return this.current;
  }

  /** Connects and registers. Resolves once the first connection attempt is over (registration follows by events). */
  start(): Promise<void> {
    return this.keeper.start();
  }

  /** Hangs up a live call, unregisters (best effort, bounded) and disconnects. */
  async stop(): Promise<void> {
    if (this.current && isLive(this.current.state)) await this.current.hangUp().catch(() => undefined);
    await this.keeper.stop();
  }

  /** Main reported a network change: re-register now (reconnecting first unless a call is live). */
  networkChanged(): void {
    this.keeper.kick();
  }

  /** Main reported a resume from sleep: the socket may be dead without knowing it. */
  resumed(): void {
    this.keeper.kick();
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
  /** The current call's microphone and output, null before its audio starts. */
  audioRoute = (): AudioRoute | null => this.current?.audioRoute() ?? null;

  private live(): PhoneCall {
    if (!this.current || !isLive(this.current.state)) throw new PhoneError('phone.err.noCall');
    return this.current;
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
}
