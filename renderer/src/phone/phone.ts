/**
 * The agent's phone: a sip.js UserAgent that registers with HA1 credentials
 * (kept registered by registration-keeper.ts), takes the calls the platform
 * offers (offered-calls.ts: ringing, auto-answer, call waiting), places the
 * agent's own calls (outgoing-call.ts, as consultations), transfers and
 * conferences them (transfer/, conference/), and keeps its calls honest
 * after network trouble (call-watchdog.ts). A thin door: each concern lives
 * in its room; this class ties them together and offers the UI one surface.
 */
import type { UserAgent } from 'sip.js';
import { browserMedia } from './media/browser-media';
import type { AudioRoute } from './media/call-media';
import { CallSet } from './call/call-set';
import { isLive } from './call/call-state';
import { swap, takeWaiting, type TakeWaitingMode } from './call/two-calls';
import { CallWatchdog } from './call/call-watchdog';
import { OfferedCalls, type MakeCallExpectation } from './call/offered-calls';
import { ConnectionLosses, transportEnd } from './call/connection-loss';
import { placeCall } from './call/outgoing-call';
import { takeOverCall, type TakeOverOutcome } from './call/taken-over-call';
import type { DiallingInvite, LiveCallSnapshot, LiveDialog } from '../../../common/ipc/live-call';
import { cancelDiallingInvite } from './call/dialling-invite';
import type { CallEnvironment, CallEvents, DeviceChoice, HangUpResult, PhoneCall } from './call/phone-call';
import { createDefaultMixer } from './conference/default-mixer';
import type { ConferenceEvent } from './conference/conference';
import type { ConsultationView } from './transfer/consultation';
import type { TransferState } from './transfer/transfer-state';
import type { ResolvedTarget, TransferTarget } from './transfer/transfer-target';
import { Transfers } from './transfer/transfers';
import { PhoneError } from './phone-error';
import type { PhoneEvents } from './phone-events';
import { PHONE_DEFAULTS, transferBounds, type PhoneOptions } from './phone-options';
import { createPhoneUserAgent } from './connection/phone-user-agent';
import { placeEchoCall } from './check/echo-call';
import { RegistrationKeeper, type RegisteredAgain } from './connection/registration-keeper';
import type { ConnectionIndicator, RegistrationState } from './connection/registration-state';
import { browserTimers, type Timers } from './timers';
import { ConnectedSignal } from './connection/connected-signal';
import { TypedEmitter } from '../../../common/typed-emitter';

export type { MakeCallExpectation } from './call/offered-calls';

export type { TakeWaitingMode } from './call/two-calls';
export class Phone {
  private readonly events = new TypedEmitter<PhoneEvents>();
  private readonly ua: UserAgent;
  private readonly timers: Timers;
  private readonly keeper: RegistrationKeeper;
  private readonly watchdog: CallWatchdog;
  private readonly calls = new CallSet();
  private readonly offered: OfferedCalls;
  private readonly transfers: Transfers;
  private connections = 0;
  private readonly connectedSignal: ConnectedSignal;
  /** What took the connection, for the reasons given about calls it took. */
  private readonly losses = new ConnectionLosses(() => transportEnd(this.ua.transport));
  private devices: DeviceChoice = { microphone: null, speaker: null, ringer: null };

  constructor(private readonly options: PhoneOptions) {
    this.timers = options.timers ?? browserTimers;
    this.connectedSignal = new ConnectedSignal(() => this.ua.isConnected(), this.timers);
    this.ua = createPhoneUserAgent(options, this.timers, {
      onConnect: () => {
        this.connections += 1;
        this.keeper.onConnect();
        this.connectedSignal.connected();
      },
      onDisconnect: () => {
        const cause = this.keeper.onDisconnect();
        this.offered.connectionClosed(this.losses.end());
        // A call still ringing can no longer be answered (its 200 could reach nobody): it stops now, not when the phone is back.
        if (cause) this.offered.connectionGone(this.losses.closed(cause));
      },
      onInvite: (invitation) => this.offered.invite(invitation),
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
      onRegisteredAgain: (again) => this.registeredAgain(again),
    });
    this.watchdog = new CallWatchdog({
      timers: this.timers,
      isRegistered: () => this.keeper.state.kind === 'registered',
      checkConnection: (answerMs) => this.keeper.checkConnection(answerMs),
    });
    this.offered = new OfferedCalls({
      calls: this.calls,
      timers: this.timers,
      ctiHeader: options.ctiHeader ?? PHONE_DEFAULTS.ctiHeader,
      makeCallWindowMs: options.makeCallWindowMs ?? PHONE_DEFAULTS.makeCallWindowMs,
      environment: () => this.callEnvironment(),
      offeredWhileBusy: (others) => this.watchdog.offeredWhileBusy(others),
      connectionLoss: () => this.losses.last(),
      emit: (event, value) => this.events.emit(event, value),
    });
    this.transfers = new Transfers({
      timers: this.timers,
      aor: `<${this.ua.configuration.uri.toString()}>`,
      domain: this.ua.configuration.uri.host,
      bounds: transferBounds(options),
      noSubscription: options.transfer?.withoutProgress ?? false,
      isConnected: () => this.ua.isConnected(),
      hasRoom: () => !this.calls.full,
      placeConsultation: (target, customer) => this.placeConsultation(target, customer),
      makeMixer: options.conferenceMixer ?? (() => createDefaultMixer()),
      emit: (event, value) => this.events.emit(event, value),
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

  /** A call on hold while the agent talks on another (during a consultation, the one the agent is not talking to), or null. */
  get heldCall(): PhoneCall | null {
    return this.calls.background;
  }

  /** The consultation under way (customer's call, consultation call, target, state), or null. */
  get consultation(): ConsultationView | null {
    return this.transfers.currentConsultation?.view ?? null;
  }

  /** The three-way call under way, or null. */
  get conferenceState(): ConferenceEvent | null {
    return this.transfers.currentConference?.view ?? null;
  }

  /** Connects and registers. Resolves once the first connection attempt is over (registration follows by events). */
  start(): Promise<void> {
    return this.keeper.start();
  }

  /** Hangs up every live call, unregisters (best effort, bounded) and disconnects. */
  async stop(): Promise<void> {
    await this.transfers.currentConference?.end();
    for (const call of [...this.calls.all]) await call.hangUp().catch(() => undefined);
    await this.keeper.stop();
    this.offered.flush();
  }

  /** Main reported a network change: check the connection now, register again and refresh live calls with an ICE restart. */
  networkChanged(): void {
    this.keeper.kick('network-changed');
  }

  /** Main reported a resume from sleep: the socket may be dead without knowing it. */
  resumed(): void {
    this.keeper.kick('resumed');
  }

  /** The platform's call for a Make Call never came: REGISTER again, in case the registrar lost this phone's binding. */
  registerAgain(): void {
    this.keeper.refresh();
  }

  /** The UI is about to (or just did) ask Make Call for `destination`: auto-answer the matching call. */
  expectCall(destination: string): MakeCallExpectation {
    return this.offered.expect(destination);
  }

  /** Campaigns whose calls are answered automatically (`auto_answer` on), from Get Campaigns. */
  setAutoAnswerCampaigns(names: Iterable<string>): void {
    this.offered.setAutoAnswerCampaigns(names);
  }

  /**
   * Chooses devices; live calls switch microphone and speaker at once (also in a conference), and a ring,
   * ringback or call-waiting beep playing now moves to its new output. No renegotiation: replaceTrack and
   * setSinkId. Each call and device is tried apart, so one that fails does not keep the others where they were.
   */
  async setDevices(choice: Partial<DeviceChoice>): Promise<void> {
    const before = this.devices;
    this.devices = { ...before, ...choice };
    const changed = (role: keyof DeviceChoice): boolean => role in choice && choice[role] !== before[role];
    const moves: Promise<void>[] = [];
    for (const call of this.calls.all) {
      if (changed('ringer') || changed('speaker')) moves.push(call.moveTone());
      if (call.state.kind !== 'active' && call.state.kind !== 'held') continue;
      if (changed('microphone')) moves.push(call.setMicrophone(this.devices.microphone));
      if (changed('speaker')) moves.push(call.setSpeaker(this.devices.speaker));
    }
    const failed = (await Promise.allSettled(moves)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
    const reason: unknown = failed?.reason;
    if (failed) throw reason instanceof Error ? reason : new Error(String(reason));
  }

  /** A reloaded page takes over a call an earlier page had (issue 24: taken-over-call.ts), as soon as connected; resolves once taken or lost. */
  async takeOver(snapshot: LiveCallSnapshot & { dialog: LiveDialog }): Promise<TakeOverOutcome> {
    const call = takeOverCall(this.ua, snapshot, this.callEnvironment());
    this.calls.add(call);
    this.events.emit('call', { call, state: call.state });
    const outcome = await call.start((ms) => this.connectedSignal.wait(ms));
    // Its consultation or blind transfer goes on where the earlier page left it.
    if (outcome.kind === 'taken') this.transfers.takenBack(call, snapshot, (id) => this.calls.byId(id));
    return outcome;
  }

  /** A blind transfer of the call `callId` that is under way (issue 24: reported to main, so a reloaded page follows it). */
  blindTransferUnderWay(callId: string): LiveCallSnapshot['transfer'] | null {
    const call = this.calls.byId(callId);
    return call ? this.transfers.blindUnderWay(call) : null;
  }

  /** A consultation that was still ringing when the page was reloaded: cancelled (dialling-invite.ts); true once the platform took the CANCEL. */
  cancelDiallingConsultation = (invite: DiallingInvite): Promise<boolean> => cancelDiallingInvite(this.ua, invite);

  /** A call that rang on a page since reloaded is a missed call: never answered here for the agent (issue 24). */
  ringLostWithPage(s: Pick<LiveCallSnapshot, 'id' | 'remoteUser' | 'cti' | 'offeredAt'>): void {
    this.events.emit('missed', { callId: s.id, remoteUser: s.remoteUser, cti: s.cti, reason: 'page-reloaded', offeredAt: s.offeredAt });
  }

  /** Takes the waiting call, holding (`hold-current`) or ending (`end-current`) the live one (two-calls.ts). */
  takeWaiting = (mode: TakeWaitingMode): Promise<void> => takeWaiting(this.calls, mode, () => this.losses.last());

  /** Declines the waiting call (486); the live call goes on. */
  rejectWaiting = async (): Promise<void> => this.waitingOrThrow().reject();

  /** Goes back to the call on hold (also between a customer and the consultation): the one talking now is held first. */
  swap = async (): Promise<void> => {
    if (this.transfers.currentConference) throw new PhoneError('phone.err.swapInConference');
    await swap(this.calls);
  };

  /** Hangs up the call on hold beside the current one. */
  hangUpHeld = async (): Promise<HangUpResult> => {
    const held = this.calls.background;
    if (!held) throw new PhoneError('phone.err.noCall');
    return held.hangUp();
  };

  // Transfers (transfer/): progress comes as `transfer` and `consultation` events.
  /** Blind transfer of the current call; resolves with its result (done: the call ended as `transferred`; failed: it is resumed). */
  transfer = async (target: TransferTarget): Promise<TransferState> => this.transfers.blind(this.live(), target);
  /** Holds the current call and calls `target` about it; resolves with the consultation's call once placed. */
  consult = async (target: TransferTarget): Promise<PhoneCall> => this.transfers.consult(this.live(), target);
  /** Attended transfer: the platform joins the customer and the consulted target; both calls end as `transferred`. */
  completeTransfer = (): Promise<TransferState> => this.transfers.complete();
  /** Hangs up the consultation and resumes the customer. */
  cancelConsultation = (): Promise<void> => this.transfers.cancel();

  // Three-way calls (conference/): state comes as `conference` events.
  /** Customer and consultation together: both active, each hears the agent and the other. */
  conference = (): Promise<void> => this.transfers.startConference();
  /** A muted party is heard by nobody (a listener); unmute to hear it again. */
  setPartyMuted = (callId: string, muted: boolean): void => this.transfers.setPartyMuted(this.byId(callId), muted);
  /** Hangs up one party; the other goes on as a normal call. */
  dropParty = (callId: string): Promise<void> => this.transfers.dropParty(this.byId(callId));
  /** Leaves the two talking: the attended transfer (REFER with Replaces). */
  leaveConference = (): Promise<TransferState> => this.transfers.complete();

  // Convenience for the UI: act on the foreground call (in a conference: on both). Async, so that "no call" (a call
  // that ended as the agent pressed) is a rejection like every other failure, never a throw out of a key's handler.
  answer = async (): Promise<void> => this.live().answer();
  reject = async (): Promise<void> => this.live().reject();
  hangUp = async (): Promise<HangUpResult> => this.live().hangUp();
  setMuted = (muted: boolean): void => {
    const both = this.transfers.currentConference?.calls;
    for (const call of both ?? [this.live()]) call.setMuted(muted);
  };
  hold = async (): Promise<void> => this.transfers.currentConference?.hold() ?? this.live().hold();
  resume = async (): Promise<void> => this.transfers.currentConference?.resume() ?? this.live().resume();
  sendDtmf = (tones: string): void => this.live().sendDtmf(tones);
  // The shift-start check (check/): the phone's own registration and connection, never a second one.
  /** The echo test's call: none of the agent's calls (check/echo-call.ts). */
  placeEchoCall = (extension: string): PhoneCall => placeEchoCall(this.ua, extension, this.calls.all.length > 0, this.callEnvironment());
  /** Whether the SIP connection answers a keep-alive within `answerMs` (a dead one is dropped and reconnected). */
  checkSipConnection = (answerMs: number): Promise<boolean> => this.keeper.checkConnection(answerMs);
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

  private byId(callId: string): PhoneCall {
    const call = this.calls.byId(callId);
    if (!call) throw new PhoneError('phone.err.noCall');
    return call;
  }

  private waitingOrThrow(): PhoneCall {
    const waiting = this.calls.waiting;
    if (!waiting) throw new PhoneError('phone.err.noWaitingCall');
    return waiting;
  }

  /** Registered again: calls that rang over the lost connection end first (a fresh call never waits beside them), then answered ones are asked about. */
  private registeredAgain(again: RegisteredAgain): void {
    const loss = this.losses.registeredAgain(again);
    if (again.newConnection) this.offered.connectionGone(loss);
    this.watchdog.registeredAgain(this.calls.all, again, loss);
    this.events.emit('registeredAgain', again);
  }

  private registrationChanged(state: RegistrationState): void {
    for (const call of this.calls.all) call.setSignalling(state.kind === 'registered');
    this.events.emit('registration', state);
  }

  /** The agent's own call to `target`, as the consultation of `customer`. */
  private placeConsultation(target: ResolvedTarget, customer: PhoneCall): PhoneCall {
    const call = placeCall(this.ua, target, customer.id, this.callEnvironment());
    this.calls.add(call);
    this.events.emit('call', { call, state: call.state });
    call.start();
    return call;
  }

  private callEnvironment(): CallEnvironment {
    return {
      media: this.options.media ?? browserMedia,
      timers: this.timers,
      devices: () => this.devices,
      isConnected: () => this.ua.isConnected(),
      connectionEpoch: () => this.connections,
      connectionLoss: () => this.losses.last(),
      events: this.callEvents(),
      ...(this.options.refreshAnswerMs !== undefined ? { refreshAnswerMs: this.options.refreshAnswerMs } : {}),
      ...(this.options.mediaWatch ? { mediaWatch: this.options.mediaWatch } : {}),
    };
  }

  private callEvents(): CallEvents {
    return {
      state: (c) => {
        if (c.state.kind === 'ended') this.offered.ended(c);
        this.transfers.callChanged(c);
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
}
