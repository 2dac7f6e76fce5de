/**
 * The agent's phone: a sip.js UserAgent that registers with HA1 credentials
 * (kept registered by registration-keeper.ts), receives calls (Invitation),
 * decides auto-answer (auto-answer.ts) and keeps its calls honest after
 * network trouble (call-watchdog.ts).
 *
 * A contact-center agent takes one customer at a time, but no customer is
 * turned away in silence: a call offered while another is live rings as a
 * waiting call (call-set.ts) the agent can take by holding or ending the
 * current one; one not taken is reported as missed. Only a third call gets
 * 486 Busy Here, and is reported as missed too.
 */
import type { Invitation, UserAgent } from 'sip.js';
import type { MissedCallReason } from '../../../common/ipc/calls';
import { withoutFormatControls } from '../../../common/untrusted-text';
import { decideAutoAnswer, type PendingMakeCall } from './call/auto-answer';
import { browserMedia } from './media/browser-media';
import type { AudioRoute } from './media/call-media';
import { CallSet } from './call/call-set';
import { isLive } from './call/call-state';
import { CallWatchdog } from './call/call-watchdog';
import { readCtiHeader } from './call/cti-header';
import { PhoneCall, type CallEvents, type DeviceChoice, type HangUpResult } from './call/phone-call';
import { PhoneError } from './phone-error';
import type { PhoneEvents } from './phone-events';
import { PHONE_DEFAULTS, type PhoneOptions } from './phone-options';
import { createPhoneUserAgent } from './connection/phone-user-agent';
import { RegistrationKeeper } from './connection/registration-keeper';
import type { ConnectionIndicator, RegistrationState } from './connection/registration-state';
import { browserTimers, type Timers } from './timers';
import { TypedEmitter } from '../../../common/typed-emitter';

/** A Make Call the UI announced; call `setGuid` once Make Call returns, `cancel` if it failed. */
export interface MakeCallExpectation {
  setGuid(guid: string): void;
  cancel(): void;
}

/** How the agent takes a waiting call: by holding the live one, or by ending it. */
export type TakeWaitingMode = 'hold-current' | 'end-current';

export class Phone {
  private readonly events = new TypedEmitter<PhoneEvents>();
  private readonly ua: UserAgent;
  private readonly timers: Timers;
  private readonly keeper: RegistrationKeeper;
  private readonly watchdog: CallWatchdog;
  private readonly calls = new CallSet();
  private readonly pending = new Map<number, PendingMakeCall>();
  private pendingSeq = 0;
  private connections = 0;
  private autoAnswerCampaigns: ReadonlySet<string> = new Set();
  private devices: DeviceChoice = { microphone: null, speaker: null, ringer: null };

  constructor(private readonly options: PhoneOptions) {
    this.timers = options.timers ?? browserTimers;
    this.ua = createPhoneUserAgent(options, this.timers, {
      onConnect: () => {
        this.connections += 1;
        this.keeper.onConnect();
      },
      onDisconnect: () => this.keeper.onDisconnect(),
      onInvite: (invitation) => this.onInvite(invitation),
    });
    this.keeper = new RegistrationKeeper(this.ua, {
      timers: this.timers,
      expiresSec: options.registerExpiresSec ?? PHONE_DEFAULTS.registerExpiresSec,
      ...(options.reconnect ? { reconnect: options.reconnect } : {}),
      ...(options.random ? { random: options.random } : {}),
      ...(options.reachability ? { reachability: options.reachability } : {}),
      ...(options.keepAlive ? { keepAlive: options.keepAlive } : {}),
      onRegistration: (state) => this.registrationChanged(state),
      onConnection: (indicator) => this.events.emit('connection', indicator),
      onRegisteredAgain: (again) => {
        this.watchdog.registeredAgain(this.calls.all, again);
        this.events.emit('registeredAgain', again);
      },
    });
    this.watchdog = new CallWatchdog({
      timers: this.timers,
      isRegistered: () => this.keeper.state.kind === 'registered',
      checkConnection: (answerMs) => this.keeper.checkConnection(answerMs),
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

  /** The call the agent deals with (the live one, else the last one until the next arrives). */
  get call(): PhoneCall | null {
    return this.calls.foreground;
  }

  /** A call ringing while another is live, or null. */
  get waitingCall(): PhoneCall | null {
    return this.calls.waiting;
  }

  /** A call on hold while the agent talks on another, or null. */
  get heldCall(): PhoneCall | null {
    return this.calls.background;
  }

  /** Connects and registers. Resolves once the first connection attempt is over (registration follows by events). */
  start(): Promise<void> {
    return this.keeper.start();
  }

  /** Hangs up every live call, unregisters (best effort, bounded) and disconnects. */
  async stop(): Promise<void> {
    for (const call of [...this.calls.all]) await call.hangUp().catch(() => undefined);
    await this.keeper.stop();
  }

  /** Main reported a network change: check the connection now, register again and refresh live calls with an ICE restart. */
  networkChanged(): void {
    this.keeper.kick('network-changed');
  }

  /** Main reported a resume from sleep: the socket may be dead without knowing it. */
  resumed(): void {
    this.keeper.kick('resumed');
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

  /** Chooses devices; live calls switch microphone and speaker at once, the ringer applies to the next ring. */
  async setDevices(choice: Partial<DeviceChoice>): Promise<void> {
    const before = this.devices;
    this.devices = { ...before, ...choice };
    for (const call of this.calls.all) {
      if (call.state.kind !== 'active' && call.state.kind !== 'held') continue;
      if ('microphone' in choice && choice.microphone !== before.microphone) await call.setMicrophone(this.devices.microphone);
      if ('speaker' in choice && choice.speaker !== before.speaker) await call.setSpeaker(this.devices.speaker);
    }
  }

  /**
   * Takes the waiting call: holds the live one first (`hold-current`, it stays
   * on hold beside) or ends it (`end-current`, it goes to its wrap-up).
   */
  async takeWaiting(mode: TakeWaitingMode): Promise<void> {
    const waiting = this.calls.waiting;
    if (!waiting) throw new PhoneError('phone.err.noWaitingCall');
    for (const other of this.calls.others(waiting)) {
      if (mode === 'end-current') await other.hangUp();
      else if (other.state.kind === 'active') await other.hold();
      else if (other.state.kind !== 'held') await other.hangUp();
    }
    await waiting.answer();
  }

  /** Declines the waiting call (486); the live call goes on. */
  rejectWaiting = (): Promise<void> => this.waitingOrThrow().reject();

  /** Goes back to the call on hold: the one talking now is held first. */
  async swap(): Promise<void> {
    const held = this.calls.background ?? (this.call?.state.kind === 'held' ? this.call : null);
    if (!held) throw new PhoneError('phone.err.resumeNotHeld');
    for (const other of this.calls.others(held)) if (other.state.kind === 'active') await other.hold();
    await held.resume();
  }

  /** Hangs up the call on hold beside the current one. */
  hangUpHeld = (): Promise<HangUpResult> => {
    const held = this.calls.background;
    if (!held) throw new PhoneError('phone.err.noCall');
    return held.hangUp();
  };

  // Convenience for the UI: act on the foreground call.
  answer = (): Promise<void> => this.live().answer();
  reject = (): Promise<void> => this.live().reject();
  hangUp = (): Promise<HangUpResult> => this.live().hangUp();
  setMuted = (muted: boolean): void => this.live().setMuted(muted);
  hold = (): Promise<void> => this.live().hold();
  resume = (): Promise<void> => this.live().resume();
  sendDtmf = (tones: string): void => this.live().sendDtmf(tones);
  /** Test hooks: latest quality sample and received audio level of the foreground call. */
  stats = (): ReturnType<PhoneCall['stats']> => this.call?.stats() ?? null;
  remoteLevel = (): number => this.call?.remoteLevel() ?? 0;
  localLevel = (): number => this.call?.localLevel() ?? 0;
  /** The foreground call's microphone and output, null before its audio starts. */
  audioRoute = (): AudioRoute | null => this.call?.audioRoute() ?? null;

  private live(): PhoneCall {
    const call = this.calls.foreground;
    if (!call || !isLive(call.state)) throw new PhoneError('phone.err.noCall');
    return call;
  }

  private waitingOrThrow(): PhoneCall {
    const waiting = this.calls.waiting;
    if (!waiting) throw new PhoneError('phone.err.noWaitingCall');
    return waiting;
  }

  private registrationChanged(state: RegistrationState): void {
    for (const call of this.calls.all) call.setSignalling(state.kind === 'registered');
    this.events.emit('registration', state);
  }

  private onInvite(invitation: Invitation): void {
    const req = invitation.request;
    const { cti, error } = readCtiHeader(req.getHeader(this.options.ctiHeader ?? PHONE_DEFAULTS.ctiHeader));
    const remote = invitation.assertedIdentity ?? invitation.remoteIdentity;
    // The caller controls both: no bidi override may show the agent another number (untrusted-text.ts).
    const remoteUser = withoutFormatControls(remote.uri.user ?? '');
    // sip.js types it as a string, but a From without a display name gives undefined.
    const remoteDisplayName = withoutFormatControls((remote.displayName as string | undefined) ?? '');
    const now = this.timers.now();
    const busy = this.calls.all.length > 0;
    if (this.calls.full) {
      void invitation.reject({ statusCode: 486 }).catch(() => undefined);
      this.events.emit('missed', { callId: invitation.id, remoteUser, cti, reason: 'offered-while-busy', offeredAt: now });
      return;
    }
    const decision = decideAutoAnswer(
      { pAutoAnswer: req.getHeader('P-Auto-Answer'), callInfo: req.getHeaders('Call-Info'), cti, remoteUser },
      [...this.pending.values()],
      this.autoAnswerCampaigns,
      now,
    );
    if (decision.answer && decision.match) {
      for (const [k, p] of this.pending) if (p === decision.match) this.pending.delete(k);
    }
    const info = { id: invitation.id, remoteUser, remoteDisplayName, cti, ctiError: error, autoAnswer: decision, receivedAt: now, offeredWhileBusy: busy };
    const call = new PhoneCall(invitation, info, {
      media: this.options.media ?? browserMedia,
      timers: this.timers,
      devices: () => this.devices,
      isConnected: () => this.ua.isConnected(),
      connectionEpoch: () => this.connections,
      events: this.callEvents(),
      ...(this.options.refreshAnswerMs !== undefined ? { refreshAnswerMs: this.options.refreshAnswerMs } : {}),
      ...(this.options.mediaWatch ? { mediaWatch: this.options.mediaWatch } : {}),
    });
    const others = [...this.calls.all];
    this.calls.add(call);
    this.events.emit('call', { call, state: call.state });
    this.events.emit('cti', { callId: call.id, cti, error });
    if (busy) {
      // Never answered by itself over a live call; and the platform offering it means it thinks the agent is free.
      call.ring(true);
      void invitation.progress().catch(() => undefined);
      this.watchdog.offeredWhileBusy(others);
    } else if (decision.answer) {
      call.answer().catch(() => undefined); // the failure shows as ended{failed}
    } else {
      call.ring();
      void invitation.progress().catch(() => undefined);
    }
  }

  private callEvents(): CallEvents {
    return {
      state: (c) => {
        if (c.state.kind === 'ended') this.callEnded(c);
        this.events.emit('call', { call: c, state: c.state });
      },
      mute: (c) => this.events.emit('mute', { callId: c.id, muted: c.isMuted }),
      quality: (c, sample) => this.events.emit('quality', { callId: c.id, sample }),
      media: (c, health) => {
        this.events.emit('media', { callId: c.id, health });
        this.watchdog.media(c, health);
      },
      path: (c, state) => this.watchdog.path(c, state),
    };
  }

  private callEnded(call: PhoneCall): void {
    this.calls.settle(call);
    const reason: MissedCallReason | null = call.missed;
    if (reason) this.events.emit('missed', { callId: call.id, remoteUser: call.info.remoteUser, cti: call.info.cti, reason, offeredAt: call.info.receivedAt });
    // The call that waited is now the only one: it rings as a call of its own (or is answered, when it asked to be).
    const next = this.calls.all.length === 1 ? this.calls.all[0] : undefined;
    if (next?.state.kind === 'ringing') {
      if (next.info.autoAnswer.answer) next.answer().catch(() => undefined);
      else next.ring();
    }
  }
}
