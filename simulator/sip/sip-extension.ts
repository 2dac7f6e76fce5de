// The SIP side as a simulator extension: registrar + originator on WS/WSS,
// with Make Call / Hang Up Call / dialer / inbound calls tied to the state.
// (Calls through an external SIP server: ./upstream/.)
import type { G711Codec } from '../media/customer-media';
import type { SimulatorExtension } from '../extension';
import { wireCallsToState } from './call-wiring';
import { startSipServer } from './sip-server';
import type { DemoCallsOptions } from './demo-calls';

export interface SipExtensionOptions {
  /** WSS port (Asterisk: 8089); 0 = any free. Default: 8089 when the API is on its default port 8480, else 0. */
  sipPort?: number;
  /** Plain WS port (Asterisk: 8088); same default rule. */
  sipWsPort?: number;
  /** Header that carries the CTI JSON. */
  ctiHeaderName?: string;
  /** Offered codecs, in order (the agent record allows `alaw;ulaw`). */
  codecs?: G711Codec[];
  /** An unanswered call is cancelled after this long. */
  ringTimeoutMs?: number;
  /** Customers call the inbound campaigns by themselves (the demo); off unless given. */
  demoCalls?: DemoCallsOptions;
}

const API_DEFAULT_PORT = '8480';

export function createSipExtension(options: SipExtensionOptions = {}): SimulatorExtension {
  return {
    name: 'sip',
    async start(ctx) {
      const fixedPorts = new URL(ctx.baseUrl).port === API_DEFAULT_PORT;
      const server = await startSipServer({
        host: ctx.host,
        wsPort: options.sipWsPort ?? (fixedPorts ? 8088 : 0),
        wssPort: options.sipPort ?? (fixedPorts ? 8089 : 0),
        dataDir: ctx.dataDir,
        domain: ctx.host,
        ha1Of: (user) => ctx.state.agents.byPhone(user)?.md5secret,
        log: (line) => process.stderr.write(`simulator: ${line}\n`),
      });
      const calls = wireCallsToState(ctx, { originator: server.originator, bindings: server.bindings, domain: server.domain }, options);
      // "The SIP server is down": every socket dropped, connections refused, same ports on resume.
      ctx.control.route('POST', '/__sim/sip/pause', async () => {
        await server.pause();
        return { json: { paused: true } };
      });
      ctx.control.route('POST', '/__sim/sip/resume', async () => {
        await server.resume();
        return { json: { paused: false } };
      });
      process.stderr.write(`simulator: SIP over WebSocket at ${server.ws} and ${server.wss}; CA certificate: ${server.caCertFile}\n`);
      return {
        ready: { sip: { ws: server.ws, wss: server.wss, caCertFile: server.caCertFile } },
        async close() {
          await calls.close();
          await server.close();
        },
      };
    },
  };
}
