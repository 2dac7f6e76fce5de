// An agent's phone for the transfer tests: sip.js in Node (as the app's phone
// runs sip.js in its page), registered with the agent's HA1, with werift media
// that speaks a tone of its own pitch and listens with a ToneProbe. It keeps
// every SIP frame it receives, so a test can read NOTIFYs, BYEs and statuses.
import { Inviter, Registerer, RegistererState, SessionState, UserAgent, type Invitation, type Session } from 'sip.js';
import { WebSocket } from 'ws';
import { CustomerMedia } from '../../../../simulator/media/customer-media';
import { CustomerSessionDescriptionHandler } from '../../../../simulator/sip/customer-sdh';
import { readFrame, type SipFrame } from './sip-frames';
import { ToneProbe } from './tone-probe';

/** Frames received, by the `phone` query parameter each test phone adds to the WebSocket URL. */
const recorders = new Map<string, (raw: string) => void>();

/** sip.js opens `new WebSocket(url, 'sip')`: this one also hands every received frame to its phone's recorder. */
class RecordingWebSocket extends WebSocket {
  constructor(address: string, protocols?: string | string[]) {
    super(address, protocols);
    const key = new URL(address).searchParams.get('phone') ?? '';
    this.on('message', (data) => recorders.get(key)?.(String(data)));
  }
}

export interface IncomingCall {
  invitation: Invitation;
  from: string;
  cti?: string;
  referredBy?: string;
  autoAnswer?: string;
}

/** What the phone does with an INVITE: answer it, let it ring, or refuse it with a status. */
export type InvitePolicy = 'answer' | 'ring' | { reject: number };

export interface OutgoingCall {
  session: Inviter;
  /** The final status of the INVITE once known (200 when answered). */
  status(): number | undefined;
  rang(): boolean;
}

let phoneCount = 0;

export class TestPhone {
  readonly frames: SipFrame[] = [];
  readonly incoming: IncomingCall[] = [];
  /** Sessions that got a BYE from the platform. */
  readonly byesReceived = new Set<Session>();
  policy: InvitePolicy = 'answer';
  private readonly media = new Map<Session, { media: CustomerMedia; probe: ToneProbe }>();

  private constructor(
    readonly phone: string,
    readonly userAgent: UserAgent,
    private readonly registerer: Registerer,
    private readonly tone: { hz: number; amplitude: number },
  ) {}

  static async start(wsUrl: string, phone: string, ha1: string, tone: { hz: number; amplitude?: number }): Promise<TestPhone> {
    const key = `${phone}-${++phoneCount}`;
    (globalThis as { WebSocket?: unknown }).WebSocket = RecordingWebSocket;
    // The user agent's callbacks need the phone, which needs the user agent.
    const holder: { phone?: TestPhone } = {};
    const userAgent = new UserAgent({
      uri: UserAgent.makeURI(`sip:${phone}@127.0.0.1`),
      transportOptions: { server: `${wsUrl}?phone=${key}` },
      authorizationUsername: phone,
      authorizationHa1: ha1,
      logBuiltinEnabled: false,
      logLevel: 'error',
      sessionDescriptionHandlerFactory: (session) => {
        if (!holder.phone) throw new Error('the test phone is not ready');
        return holder.phone.describe(session);
      },
      delegate: { onInvite: (invitation) => holder.phone?.onInvite(invitation) },
    });
    const registerer = new Registerer(userAgent);
    const self = new TestPhone(phone, userAgent, registerer, { hz: tone.hz, amplitude: tone.amplitude ?? 0.3 });
    holder.phone = self;
    recorders.set(key, (raw) => {
      const frame = readFrame(raw, 'in');
      if (frame) self.frames.push(frame);
    });
    await userAgent.start();
    await self.register();
    return self;
  }

  async register(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      if (this.registerer.state === RegistererState.Registered) resolve();
      this.registerer.stateChange.addListener((state) => {
        if (state === RegistererState.Registered) resolve();
      });
      void this.registerer.register({
        requestDelegate: { onReject: (response) => reject(new Error(`REGISTER of ${this.phone} answered ${response.message.statusCode ?? 0}`)) },
      });
    });
  }

  async unregister(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.registerer.stateChange.addListener((state) => {
        if (state === RegistererState.Unregistered) resolve();
      });
      void this.registerer.unregister();
    });
  }

  /** Places a call to `target` (a SIP URI) from this phone. */
  call(target: string, extraHeaders: string[] = []): OutgoingCall {
    const uri = UserAgent.makeURI(target);
    if (!uri) throw new Error(`not a SIP URI: ${target}`);
    const session = new Inviter(this.userAgent, uri, { extraHeaders });
    this.watchByes(session);
    let status: number | undefined;
    let rang = false;
    void session
      .invite({
        requestDelegate: {
          onProgress: (response) => {
            if (response.message.statusCode === 180) rang = true;
          },
          onAccept: () => {
            status = 200;
          },
          onReject: (response) => {
            status = response.message.statusCode ?? 0;
          },
        },
      })
      .catch(() => {
        status = status ?? -1;
      });
    return { session, status: () => status, rang: () => rang };
  }

  async answer(call: IncomingCall): Promise<void> {
    await call.invitation.accept();
  }

  /** The probe of what this phone hears on `session`. */
  probe(session: Session): ToneProbe {
    const entry = this.media.get(session);
    if (!entry) throw new Error(`no media on that session of ${this.phone}`);
    return entry.probe;
  }

  /** Whether this phone hears a tone of `frequencyHz` on `session` (and nothing much else). */
  hears(session: Session, frequencyHz: number): boolean {
    const probe = this.media.get(session)?.probe;
    return probe !== undefined && probe.rms() > 0.05 && probe.share(frequencyHz) > 0.5;
  }

  /** Frames of one dialog, received. */
  framesOf(callId: string): SipFrame[] {
    return this.frames.filter((frame) => frame.callId === callId);
  }

  isEstablished(session: Session): boolean {
    return session.state === SessionState.Established;
  }

  async hangUp(session: Session): Promise<void> {
    if (session.state === SessionState.Established) await session.bye();
  }

  async stop(): Promise<void> {
    for (const { media } of this.media.values()) await media.close();
    await this.registerer.dispose().catch(() => undefined);
    await this.userAgent.stop().catch(() => undefined);
  }

  private describe(session: Session): CustomerSessionDescriptionHandler {
    const media = new CustomerMedia({ codecs: ['PCMA', 'PCMU'], mediaAddress: '127.0.0.1', toneHz: this.tone.hz, toneAmplitude: this.tone.amplitude });
    const probe = new ToneProbe();
    media.onAudio((samples) => probe.hear(samples));
    this.media.set(session, { media, probe });
    return new CustomerSessionDescriptionHandler(media);
  }

  private onInvite(invitation: Invitation): void {
    const header = (name: string): Record<string, string> => {
      const value = invitation.request.getHeader(name);
      return value === undefined ? {} : { [name]: value };
    };
    const cti = header('X-CTI')['X-CTI'];
    const referredBy = header('Referred-By')['Referred-By'];
    const autoAnswer = header('P-Auto-Answer')['P-Auto-Answer'];
    this.incoming.push({
      invitation,
      from: invitation.remoteIdentity.uri.user ?? '',
      ...(cti !== undefined ? { cti } : {}),
      ...(referredBy !== undefined ? { referredBy } : {}),
      ...(autoAnswer !== undefined ? { autoAnswer } : {}),
    });
    this.watchByes(invitation);
    const policy = this.policy;
    if (policy === 'answer') void invitation.accept().catch(() => undefined);
    else if (policy !== 'ring') void invitation.reject({ statusCode: policy.reject }).catch(() => undefined);
  }

  private watchByes(session: Session): void {
    session.delegate = {
      onBye: (bye) => {
        this.byesReceived.add(session);
        void bye.accept();
      },
    };
  }
}
