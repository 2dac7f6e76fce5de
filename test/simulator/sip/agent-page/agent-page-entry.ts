// Bundled for the browser by the call tests: a bare sip.js agent phone that
// registers, answers calls carrying P-Auto-Answer, measures what it hears with
// an AnalyserNode (RMS) and exposes its state on `window.agentPage`. For the
// outage tests it also reconnects on a new WebSocket, re-registers, refreshes
// the dialog with a re-INVITE (new Contact, ICE restart) and stops its RTP.
import { Invitation, Registerer, SessionState, TransportState, UserAgent, type Session } from 'sip.js';
import { meterRemoteAudio } from '../../../support/page-audio';

export interface AgentPageConfig {
  wsUrl: string;
  phone: string;
  ha1: string;
  domain: string;
}

export interface AgentPageState {
  registered: boolean;
  registerStatus?: number;
  /** `at`: Date.now() when the INVITE reached the page; `establishedAt` once answered. */
  invites: Array<{ autoAnswer?: string; callInfo?: string; cti?: string; from: string; at: number; establishedAt?: number }>;
  sessionState?: string;
  /** Loudest 100 ms window of received audio (RMS of full scale). */
  heardPeakRms: number;
  packetsReceived: number;
  /** Every BYE that reached the page, with its Request-URI (the dialog target the platform used). */
  byes: Array<{ ruri: string; at: number }>;
  /** Whether the page's WebSocket is connected, as sip.js sees it. */
  connected: boolean;
}

export interface IceInfo {
  sdpUfrag?: string;
  transportUfrag?: string;
  iceState?: string;
  selectedPairId?: string;
  /** STUN check responses the selected pair got: only a peer that knows the pair's credentials answers them. */
  selectedPairResponsesReceived?: number;
  selectedPairRequestsReceived?: number;
}

const state: AgentPageState = { registered: false, invites: [], heardPeakRms: 0, packetsReceived: 0, byes: [], connected: false };
let current: Session | undefined;
let userAgent: UserAgent | undefined;
let registerer: Registerer | undefined;
let stopMeter: (() => void) | undefined;

async function start(config: AgentPageConfig): Promise<void> {
  const ua = new UserAgent({
    uri: UserAgent.makeURI(`sip:${config.phone}@${config.domain}`),
    transportOptions: { server: config.wsUrl },
    authorizationUsername: config.phone,
    authorizationHa1: config.ha1,
    logBuiltinEnabled: false,
    sessionDescriptionHandlerFactoryOptions: {
      // No public STUN server is reachable here; loopback host candidates suffice.
      peerConnectionConfiguration: { iceServers: [] },
      iceGatheringTimeout: 500,
    },
    delegate: { onInvite: (invitation) => void onInvite(invitation) },
  });
  userAgent = ua;
  // A listener, not onConnect/onDisconnect: those belong to the UserAgent.
  ua.transport.stateChange.addListener((transportState) => {
    state.connected = transportState === TransportState.Connected;
    if (!state.connected) state.registered = false;
  });
  await ua.start();
  state.connected = true;
  registerer = new Registerer(ua);
  await register();
}

/** One REGISTER over the current connection; resolves with its final status. */
function register(): Promise<number> {
  const active = registerer;
  if (!active) return Promise.resolve(0);
  return new Promise((resolve) => {
    void active.register({
      requestDelegate: {
        onAccept: (response) => {
          state.registered = true;
          state.registerStatus = response.message.statusCode ?? 0;
          resolve(state.registerStatus);
        },
        onReject: (response) => {
          state.registerStatus = response.message.statusCode ?? 0;
          resolve(state.registerStatus);
        },
      },
    });
  });
}

async function onInvite(invitation: Invitation): Promise<void> {
  const request = invitation.request;
  const pick = (name: string): Record<string, string> => {
    const value = request.getHeader(name);
    return value === undefined ? {} : { [name]: value };
  };
  const headers = { ...pick('P-Auto-Answer'), ...pick('Call-Info'), ...pick('X-CTI') };
  const entry: AgentPageState['invites'][number] = {
    at: Date.now(),
    from: request.from.uri.user ?? '',
    ...(headers['P-Auto-Answer'] ? { autoAnswer: headers['P-Auto-Answer'] } : {}),
    ...(headers['Call-Info'] ? { callInfo: headers['Call-Info'] } : {}),
    ...(headers['X-CTI'] ? { cti: headers['X-CTI'] } : {}),
  };
  state.invites.push(entry);
  current = invitation;
  state.sessionState = invitation.state;
  invitation.delegate = {
    onBye: (bye) => {
      state.byes.push({ ruri: bye.request.ruri?.toString() ?? '', at: Date.now() });
      void bye.accept();
    },
  };
  invitation.stateChange.addListener((s) => {
    state.sessionState = s;
    if (s === SessionState.Established) {
      entry.establishedAt = Date.now();
      startMeter(invitation);
    }
    if (s === SessionState.Terminated) stopMeter?.();
  });
  if (headers['P-Auto-Answer'] === 'normal') {
    await invitation.accept({ sessionDescriptionHandlerOptions: { constraints: { audio: true, video: false } } });
  }
}

function peerConnection(session: Session): RTCPeerConnection {
  const sdh = session.sessionDescriptionHandler as unknown as { peerConnection: RTCPeerConnection };
  return sdh.peerConnection;
}

function startMeter(session: Session): void {
  stopMeter = meterRemoteAudio(peerConnection(session), {
    level: (rms) => (state.heardPeakRms = Math.max(state.heardPeakRms, rms)),
    packets: ({ received }) => {
      if (received !== undefined) state.packetsReceived = received;
    },
  });
}

function sendDtmf(digit: string): boolean {
  if (!current) return false;
  const sender = peerConnection(current).getSenders().find((s) => s.track?.kind === 'audio');
  if (!sender?.dtmf) return false;
  sender.dtmf.insertDTMF(digit, 120, 70);
  return true;
}

/** Answers the ringing call by hand (calls without P-Auto-Answer). */
async function answer(): Promise<void> {
  if (current instanceof Invitation && current.state === SessionState.Initial) {
    await current.accept({ sessionDescriptionHandlerOptions: { constraints: { audio: true, video: false } } });
  }
}

/** Rejects the ringing call: 486 Busy Here. */
async function reject(): Promise<void> {
  if (current instanceof Invitation && current.state === SessionState.Initial) await current.reject({ statusCode: 486 });
}

/** Hold or resume by re-INVITE (sendonly / sendrecv), resolving on the 200 OK. */
async function hold(on: boolean): Promise<number> {
  const session = current;
  if (!session || session.state !== SessionState.Established) return 0;
  session.sessionDescriptionHandlerOptionsReInvite = { hold: on } as typeof session.sessionDescriptionHandlerOptionsReInvite;
  return new Promise((resolve) => {
    void session.invite({
      requestDelegate: {
        onAccept: (response) => resolve(response.message.statusCode ?? 0),
        onReject: (response) => resolve(response.message.statusCode ?? 0),
      },
    });
  });
}

/** Closes the WebSocket without BYE or un-REGISTER, as a crashed or offline phone would. */
async function dropConnection(): Promise<void> {
  await userAgent?.transport.disconnect();
}

async function hangUp(): Promise<void> {
  if (current && current.state === SessionState.Established) await current.bye();
}

/** Opens a new WebSocket (the old one is gone) and registers over it; `contactUser` gives the phone a new Contact first. */
async function reconnect(contactUser?: string): Promise<number> {
  const ua = userAgent;
  if (!ua) return 0;
  if (contactUser) {
    // sip.js keeps one Contact per UserAgent; a phone that comes back elsewhere shows a new one.
    ua.contact.uri.user = contactUser;
    if (current) (current as unknown as { _contact: string })._contact = ua.contact.toString();
  }
  await ua.reconnect();
  return register();
}

/** A re-INVITE in the current dialog (Contact as it now is), optionally restarting ICE; resolves with the final status. */
async function reInvite(iceRestart: boolean): Promise<number> {
  const session = current;
  if (!session || session.state !== SessionState.Established) return 0;
  return new Promise((resolve) => {
    void session
      .invite({
        sessionDescriptionHandlerOptions: { offerOptions: { iceRestart } } as typeof session.sessionDescriptionHandlerOptionsReInvite,
        requestDelegate: {
          onAccept: (response) => resolve(response.message.statusCode ?? 0),
          onReject: (response) => resolve(response.message.statusCode ?? 0),
        },
      })
      .catch(() => resolve(-1));
  });
}

/** The phone stops sending RTP (its track is taken off the sender), the call otherwise untouched. */
async function stopSending(): Promise<boolean> {
  if (!current) return false;
  const sender = peerConnection(current).getSenders().find((s) => s.track?.kind === 'audio');
  if (!sender) return false;
  await sender.replaceTrack(null);
  return true;
}

/** ICE as the page sees it: the ufrag of its local SDP, the one its transport uses, and the selected candidate pair. */
async function iceInfo(): Promise<IceInfo> {
  if (!current) return {};
  const pc = peerConnection(current);
  const info: IceInfo = { iceState: pc.iceConnectionState };
  const sdpUfrag = /a=ice-ufrag:(\S+)/.exec(pc.localDescription?.sdp ?? '')?.[1];
  if (sdpUfrag) info.sdpUfrag = sdpUfrag;
  const reports = new Map<string, Record<string, unknown>>();
  (await pc.getStats()).forEach((report: Record<string, unknown> & { id: string }) => reports.set(report.id, report));
  for (const report of reports.values()) {
    if (report.type !== 'transport') continue;
    if (typeof report.iceLocalUsernameFragment === 'string') info.transportUfrag = report.iceLocalUsernameFragment;
    const pair = typeof report.selectedCandidatePairId === 'string' ? reports.get(report.selectedCandidatePairId) : undefined;
    if (pair) {
      info.selectedPairId = String(pair.id);
      info.selectedPairResponsesReceived = Number(pair.responsesReceived ?? 0);
      info.selectedPairRequestsReceived = Number(pair.requestsReceived ?? 0);
    }
  }
  return info;
}

declare global {
  interface Window {
    agentPage: {
      start(config: AgentPageConfig): Promise<void>;
      state: AgentPageState;
      sendDtmf(digit: string): boolean;
      answer(): Promise<void>;
      reject(): Promise<void>;
      hold(on: boolean): Promise<number>;
      hangUp(): Promise<void>;
      dropConnection(): Promise<void>;
      reconnect(contactUser?: string): Promise<number>;
      reInvite(iceRestart: boolean): Promise<number>;
      stopSending(): Promise<boolean>;
      iceInfo(): Promise<IceInfo>;
    };
  }
}

window.agentPage = { start, state, sendDtmf, answer, reject, hold, hangUp, dropConnection, reconnect, reInvite, stopSending, iceInfo };
