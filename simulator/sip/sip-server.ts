// The simulator's SIP side without the API state: WS/WSS endpoint, registrar,
// and the in-process call originator routed through the registrar's bindings.
// Calls outlive connections (see local-transport.ts); the outage controls
// (drop, refuse, pause, go down for a restart) act on connections only.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Core } from 'sip.js';
import { warmUpCustomerMedia, type G711Codec } from '../media/customer-media';
import { badRequestResponse } from './bad-request';
import { BindingStore } from './bindings';
import { CallOriginator } from './call-originator';
import { DigestAuthenticator } from './digest-auth';
import { LocalTransport, type LocalTransportOptions } from './local-transport';
import { Registrar, tag, type Ha1Lookup } from './registrar';
import type { RtpTimeoutSetting } from './rtp-timeout-setting';
import type { SipConnection } from './sip-connection';
import { buildResponse, type SipMessage, type SipRequest } from './sip-message';
import { createTlsMaterial } from './tls-authority';
import type { ConnectionInfo } from './ws-connection';
import { startWsEndpoint, type WsEndpoint } from './ws-endpoint';

export const SIP_REALM = 'asterisk';

export interface SipServerOptions {
  host: string;
  wsPort: number;
  wssPort: number;
  /** Where the CA certificate PEM is written (`sip-ca.pem`). */
  dataDir: string;
  ha1Of: Ha1Lookup;
  /** Host part of SIP URIs (the instance host). */
  domain?: string;
  /** The address media (ICE) is pinned to. */
  mediaAddress?: string;
  /** The RTP-inactivity timeout in force (default 30 s). */
  rtpTimeout?: RtpTimeoutSetting;
  /** Codecs accepted on the phones' own calls (the agent record allows `alaw;ulaw`). */
  codecs?: G711Codec[];
  log?(line: string): void;
}

/** Requests of phones the PBX answers itself (transfer/phone-requests.ts); true when it did. */
export interface PhoneRequestHandler {
  handle(request: SipRequest, connection: SipConnection): boolean;
}

/** A connection as the control API shows it: who is bound over it (for a half-open one: who was, when it was dropped). */
export type ConnectionView = ConnectionInfo & { phones: string[] };
export type DroppedConnection = Omit<ConnectionView, 'state'>;

export interface SipServer {
  ws: string;
  wss: string;
  caCertFile: string;
  domain: string;
  bindings: BindingStore;
  originator: CallOriginator;
  /** Drops every SIP connection and refuses new ones until resume() (same ports). Calls go on. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  isPaused(): boolean;
  /** Refuses new connections for `ms`, existing ones untouched. */
  refuse(ms: number): Promise<void>;
  refusingUntil(): number | undefined;
  connections(): ConnectionView[];
  /** Drops the open connections over which `phone` is registered, and answers them. */
  dropPhone(phone: string, mode: 'both' | 'half-open'): DroppedConnection[];
  /**
   * The SIP side of a platform restart: connections refused for `downMs`, every
   * connection dropped — with a WebSocket close first when graceful, the TCP
   * socket simply gone after a crash.
   */
  goDown(downMs: number, mode: 'crash' | 'graceful'): Promise<void>;
  /** The agent's next re-INVITE in the dialog `callId` is answered `status` (a PBX refusing a hold or a refresh). */
  refuseNextReinvite(callId: string, status: number): void;
  /**
   * While on, a re-INVITE that would move a live call to another of the
   * agent's connections (a reloaded page taking its call back, issue 24) is
   * answered 481, as a PBX that lost the dialog would (a test fault: Asterisk takes it).
   */
  refuseTakeovers(on: boolean): void;
  refusingTakeovers(): boolean;
  /** Phones' own INVITEs, their REFERs and NOTIFYs go here first (without it, an agent's INVITE gets 403). */
  setPhoneRequests(handler: PhoneRequestHandler): void;
  /** Hands a request to the platform's user agent as if it came over `connection`. */
  deliver(message: SipMessage, connection: SipConnection): void;
  close(): Promise<void>;
}

export async function startSipServer(options: SipServerOptions): Promise<SipServer> {
  const domain = options.domain ?? options.host;
  const tls = createTlsMaterial([options.host, domain]);
  await mkdir(options.dataDir, { recursive: true });
  const caCertFile = join(options.dataDir, 'sip-ca.pem');
  await writeFile(caCertFile, tls.caCertPem, { mode: 0o644 });

  const bindings = new BindingStore();
  const registrar = new Registrar({ bindings, authenticator: new DigestAuthenticator(SIP_REALM), ha1Of: options.ha1Of });
  const transportOptions: LocalTransportOptions = {
    resolveContact: (uri) => findContact(bindings, uri),
    isCallLive: (callId) => originator.isLive(callId),
    // An answered call outlives its connection (Asterisk's channel does); the platform's INVITE still ringing there
    // cannot be answered. A phone's own INVITE still pending (a consultation dialling) is left: a reloaded page
    // CANCELs it over its new connection (issue 24), matched by its branch as pjsip matches a CANCEL.
    onCarrierClosed: (callId) => {
      const leg = originator.legOf(callId);
      if (leg?.direction === 'outgoing' && !leg.isAnswered()) leg.drop("the agent phone's connection closed while it rang (transport error, as pjsip answers 503)");
    },
  };
  const originator = await CallOriginator.start({
    domain,
    mediaAddress: options.mediaAddress ?? options.host,
    transportConstructor: LocalTransport,
    transportOptions,
    ...(options.rtpTimeout ? { rtpTimeout: options.rtpTimeout } : {}),
    ...(options.codecs ? { codecs: options.codecs } : {}),
  });
  const local = originator.transport as LocalTransport;
  await warmUpCustomerMedia(options.mediaAddress ?? options.host);

  const refusedReinvites = new Map<string, number>();
  let takeoversRefused = false;
  let phoneRequests: PhoneRequestHandler | undefined;
  const route = (message: SipMessage, connection: SipConnection): void => {
    if (message.kind === 'response') {
      if (local.knows(message.response.callId)) local.deliver(message, connection);
      return;
    }
    const request = message.request;
    if (registrar.handle(request, connection)) return;
    if (phoneRequests?.handle(request, connection)) return;
    const refusal = request.method === 'INVITE' && request.toTag ? refusedReinvites.get(request.callId) : undefined;
    if (refusal !== undefined) {
      refusedReinvites.delete(request.callId);
      connection.send(buildResponse(request, refusal, refusal === 491 ? 'Request Pending' : 'Server Error (test fault)'));
      return;
    }
    const carrier = local.carrierOf(request.callId);
    if (takeoversRefused && request.method === 'INVITE' && request.toTag && carrier && carrier !== connection) {
      connection.send(buildResponse(request, 481, 'Call/Transaction Does Not Exist'));
      return;
    }
    // A live call's dialog takes the agent's requests over any connection, as Asterisk matches dialogs by Call-ID and tags:
    // a re-INVITE over a new connection (a reloaded page, a reconnected phone) moves the call there.
    if (local.knows(request.callId) && originator.isLive(request.callId)) {
      local.deliver(message, connection);
      return;
    }
    if (request.method === 'ACK') return;
    // An in-dialog request (or a CANCEL) for a call that is over, or never was, has no dialog or transaction here;
    // other out-of-dialog requests are not taken (an INVITE is, once phone requests are handled).
    const [status, reason] = request.toTag || request.method === 'CANCEL' ? [481, 'Call/Transaction Does Not Exist'] : [403, 'Forbidden'];
    connection.send(buildResponse(request, status, reason, { toTag: tag() }));
  };

  let endpoint: WsEndpoint;
  try {
    endpoint = await startWsEndpoint({
      host: options.host,
      wsPort: options.wsPort,
      wssPort: options.wssPort,
      tls: { cert: tls.serverCertPem, key: tls.serverKeyPem },
      onMessage: route,
      onGarbage: (text, connection, error) => {
        if (error) {
          options.log?.(`sip: handling a frame from ${connection.id} failed (${error.message}); the connection stays`);
          return;
        }
        const badRequest = badRequestResponse(text);
        if (badRequest) connection.send(badRequest);
        options.log?.(`sip: ${badRequest ? 'answered 400 to a request that does not parse' : 'ignored a frame that is not SIP'} from ${connection.id} (${text.length} bytes)`);
      },
      ...(options.log ? { log: options.log } : {}),
    });
  } catch (error) {
    await originator.close();
    throw new Error(
      `Starting the SIP WebSocket endpoint failed: ${error instanceof Error ? error.message : String(error)}. ` +
        'Choose other SIP ports (0 = any free port).',
      { cause: error },
    );
  }

  const phonesWhenDropped = new WeakMap<SipConnection, string[]>();
  const view = (info: ConnectionInfo, connection: SipConnection): ConnectionView => ({
    ...info,
    phones: info.state === 'open' ? bindings.usersOn(connection) : (phonesWhenDropped.get(connection) ?? []),
  });
  const connections = (): ConnectionView[] =>
    endpoint.connections().flatMap((entry) => {
      const info = entry.info();
      return info ? [view(info, entry.connection)] : [];
    });

  return {
    ws: endpoint.wsUrl,
    wss: endpoint.wssUrl,
    caCertFile,
    domain,
    bindings,
    originator,
    pause: () => endpoint.pause(),
    resume: () => endpoint.resume(),
    isPaused: () => endpoint.isPaused(),
    refuse: (ms) => endpoint.refuse(ms),
    refuseNextReinvite: (callId, status) => void refusedReinvites.set(callId, status),
    refuseTakeovers: (on) => {
      takeoversRefused = on;
    },
    refusingTakeovers: () => takeoversRefused,
    setPhoneRequests: (handler) => {
      phoneRequests = handler;
    },
    deliver: (message, connection) => local.deliver(message, connection),
    refusingUntil: () => endpoint.refusingUntil(),
    connections,
    dropPhone(phone, mode) {
      const targets = endpoint.connections().filter((entry) => entry.state === 'open' && bindings.usersOn(entry.connection).includes(phone));
      return targets.flatMap((entry) => {
        const before = entry.info();
        if (!before) return [];
        const { state: _state, ...dropped } = view(before, entry.connection);
        phonesWhenDropped.set(entry.connection, dropped.phones);
        entry.drop(mode);
        return [dropped];
      });
    },
    async goDown(downMs, mode) {
      const refused = downMs > 0 ? endpoint.refuse(downMs) : Promise.resolve();
      // Dropped at once, so that nothing the originator does next can reach an agent.
      endpoint.dropAll(mode === 'graceful' ? 'close' : 'both');
      await refused;
    },
    async close() {
      await originator.close().catch(() => undefined);
      await endpoint.close();
    },
  };
}

function findContact(bindings: BindingStore, uri: Core.URI): SipConnection | undefined {
  for (const user of bindings.registeredUsers()) {
    const binding = bindings.live(user).find((b) => b.contact.user === uri.user && b.contact.host === uri.host);
    if (binding) return binding.connection;
  }
  return undefined;
}
