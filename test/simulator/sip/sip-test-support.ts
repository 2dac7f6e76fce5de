// Shared by the SIP tests: a SIP server on loopback with one known agent, and
// sip.js UserAgents in Node over the `ws` package.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RegistererState, UserAgent, type Registerer } from 'sip.js';
import { WebSocket } from 'ws';
import { digestHa1 } from '../../../simulator/sip/digest-auth';
import { startSipServer, type SipServer } from '../../../simulator/sip/sip-server';

export const AGENT = { phone: '1001', password: 'agent-secret' };
export const AGENT_HA1 = digestHa1(AGENT.phone, 'asterisk', AGENT.password);

export async function startTestSipServer(): Promise<{ server: SipServer; dataDir: string; cleanup(): Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sim-sip-test-'));
  const server = await startSipServer({
    host: '127.0.0.1',
    wsPort: 0,
    wssPort: 0,
    dataDir,
    ha1Of: (user) => (user === AGENT.phone ? AGENT_HA1 : undefined),
  });
  return {
    server,
    dataDir,
    async cleanup() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A sip.js UA in Node for `phone`, authenticating with `ha1`. */
export function nodeUserAgent(wsUrl: string, phone: string, ha1: string): UserAgent {
  // sip.js's web transport opens `new WebSocket(url, 'sip')`.
  (globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;
  return new UserAgent({
    uri: UserAgent.makeURI(`sip:${phone}@127.0.0.1`),
    transportOptions: { server: wsUrl },
    authorizationUsername: phone,
    authorizationHa1: ha1,
    logBuiltinEnabled: false,
    logLevel: 'error',
  });
}

/** Registers and resolves with the final registerer state and the 200/4xx seen. */
export async function register(
  registerer: Registerer,
): Promise<{ state: RegistererState; status?: number; contact?: string }> {
  return new Promise((resolve) => {
    void registerer.register({
      requestDelegate: {
        onAccept: (response) => {
          const contact = response.message.getHeader('contact');
          resolve({ state: RegistererState.Registered, status: response.message.statusCode ?? 0, ...(contact ? { contact } : {}) });
        },
        onReject: (response) => resolve({ state: registerer.state, status: response.message.statusCode ?? 0 }),
      },
    });
  });
}
