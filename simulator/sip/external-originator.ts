// The call originator as a SIP client of an external server (issue 7: the
// phone on Kamailio/Asterisk): its own credentials, INVITEs to
// sip:<phone>@<domain> through that server; the simulator hosts no registrar.
import { readFile } from 'node:fs/promises';
import { Registerer, UserAgent } from 'sip.js';
import { CallOriginator } from './call-originator';
import { NodeWsTransport, type NodeWsTransportOptions } from './node-ws-transport';

export interface ExternalServerOptions {
  /** The server's SIP WebSocket, e.g. wss://127.0.0.1:8443/ws. */
  wsUrl: string;
  /** SIP domain of the agents (their URIs are sip:<phone>@<domain>). */
  domain: string;
  /** The originator's own SIP user and HA1 (md5("<user>:<realm>:<password>")). */
  user: string;
  ha1: string;
  /** A CA to trust for wss (PEM file). */
  caCertFile?: string;
  /** Register the originator so in-dialog requests can reach it (default true). */
  register?: boolean;
}

export async function startExternalOriginator(options: ExternalServerOptions, mediaAddress: string): Promise<CallOriginator> {
  const transportOptions: NodeWsTransportOptions = {
    server: options.wsUrl,
    ...(options.caCertFile ? { ca: await readFile(options.caCertFile, 'utf8') } : {}),
  };
  const uri = UserAgent.makeURI(`sip:${options.user}@${options.domain}`);
  if (!uri) throw new Error(`The originator's SIP user "${options.user}@${options.domain}" is not a valid SIP URI.`);
  const originator = await CallOriginator.start({
    domain: options.domain,
    mediaAddress,
    transportConstructor: NodeWsTransport,
    transportOptions,
    userAgentOptions: {
      uri,
      contactName: options.user,
      authorizationUsername: options.user,
      authorizationHa1: options.ha1,
      reconnectionAttempts: 3,
      reconnectionDelay: 1,
    },
  });
  if (options.register ?? true) {
    try {
      await register(new Registerer(originator.userAgent), options.wsUrl);
    } catch (error) {
      await originator.close().catch(() => undefined);
      throw error;
    }
  }
  return originator;
}

function register(registerer: Registerer, server: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Registering the call originator at ${server} timed out after 10 s.`)), 10_000);
    void registerer.register({
      requestDelegate: {
        onAccept: () => {
          clearTimeout(timer);
          resolve();
        },
        onReject: (response) => {
          clearTimeout(timer);
          const status = `${response.message.statusCode ?? 0} ${response.message.reasonPhrase ?? ''}`.trim();
          reject(new Error(`Registering the call originator at ${server} failed: ${status}. Check its user and HA1 on that server.`));
        },
      },
    }).catch((error: unknown) => {
      clearTimeout(timer);
      reject(error instanceof Error ? error : new Error(String(error)));
    });
  });
}
