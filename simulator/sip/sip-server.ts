// The simulator's SIP side without the API state: WS/WSS endpoint, registrar,
// and the in-process call originator routed through the registrar's bindings.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Core } from 'sip.js';
import { warmUpCustomerMedia } from '../media/customer-media';
import { BindingStore } from './bindings';
import { CallOriginator } from './call-originator';
import { DigestAuthenticator } from './digest-auth';
import { LocalTransport, type LocalTransportOptions } from './local-transport';
import { Registrar, tag, type Ha1Lookup } from './registrar';
import type { SipConnection } from './sip-connection';
import { buildResponse, type SipMessage } from './sip-message';
import { createTlsMaterial } from './tls-authority';
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
  log?(line: string): void;
}

export interface SipServer {
  ws: string;
  wss: string;
  caCertFile: string;
  domain: string;
  bindings: BindingStore;
  originator: CallOriginator;
  /** Drops every SIP connection and refuses new ones until resume() (same ports). */
  pause(): Promise<void>;
  resume(): Promise<void>;
  isPaused(): boolean;
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
  const transportOptions: LocalTransportOptions = { resolveContact: (uri) => findContact(bindings, uri) };
  const originator = await CallOriginator.start({
    domain,
    mediaAddress: options.mediaAddress ?? options.host,
    transportConstructor: LocalTransport,
    transportOptions,
  });
  const local = originator.transport as LocalTransport;
  local.onRouteLost = (callId) => originator.connectionLost(callId);
  await warmUpCustomerMedia(options.mediaAddress ?? options.host);

  const route = (message: SipMessage, connection: SipConnection): void => {
    if (message.kind === 'response') {
      if (local.owns(message.response.callId)) local.deliver(message.response.callId, message.response.data, connection);
      return;
    }
    const request = message.request;
    if (registrar.handle(request, connection)) return;
    if (local.owns(request.callId)) {
      local.deliver(request.callId, request.data, connection);
      return;
    }
    if (request.method === 'ACK') return;
    // Agents place calls through Make Call, not by INVITE; stray in-dialog requests have no dialog here.
    const [status, reason] = request.toTag ? [481, 'Call/Transaction Does Not Exist'] : [403, 'Forbidden'];
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
      onGarbage: (text, connection) => options.log?.(`sip: ignored a frame that is not SIP from ${connection.id} (${text.length} bytes)`),
    });
  } catch (error) {
    await originator.close();
    throw new Error(
      `Starting the SIP WebSocket endpoint failed: ${error instanceof Error ? error.message : String(error)}. ` +
        'Choose other SIP ports (0 = any free port).',
      { cause: error },
    );
  }

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
