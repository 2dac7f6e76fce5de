// Bundled for the browser by the call test: a bare sip.js agent phone that
// registers, answers calls carrying P-Auto-Answer, measures what it hears with
// an AnalyserNode (RMS) and exposes its state on `window.agentPage`.
import { Invitation, Registerer, SessionState, UserAgent, type Session } from 'sip.js';
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
}

const state: AgentPageState = { registered: false, invites: [], heardPeakRms: 0, packetsReceived: 0 };
let current: Session | undefined;
let userAgent: UserAgent | undefined;
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
  await ua.start();
  const registerer = new Registerer(ua);
  await registerer.register({
    requestDelegate: {
      onAccept: (response) => {
        state.registered = true;
        state.registerStatus = response.message.statusCode ?? 0;
      },
      onReject: (response) => {
        state.registerStatus = response.message.statusCode ?? 0;
      },
    },
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
    };
  }
}

window.agentPage = { start, state, sendDtmf, answer, reject, hold, hangUp, dropConnection };
