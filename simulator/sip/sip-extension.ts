// The SIP side as a simulator extension: registrar + originator on WS/WSS,
// with Make Call / Hang Up Call / dialer / inbound calls tied to the state,
// the outage controls, and its part of a platform restart.
// (Calls through an external SIP server: ./upstream/.)
import { z } from 'zod';
import type { G711Codec } from '../media/customer-media';
import type { SimulatorExtension } from '../extension';
import { PLATFORM_RESTARTED_CAUSE, type PlatformRestart } from '../state/events';
import { wireCallsToState } from './call-wiring';
import type { DemoCallsOptions } from './demo-calls';
import { RtpTimeoutSetting } from './rtp-timeout-setting';
import { installFastSipGrammar } from './fast-grammar';
import { addSipOutageRoutes } from './sip-outage-routes';
import { startSipServer } from './sip-server';
import { wireTransfers } from './transfer/transfer-wiring';

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
  /** No RTP from the agent this long (not on hold) → the platform hangs up (Asterisk `rtp_timeout`). Default 30 s; 0 = off; at most 1 h. */
  rtpTimeoutMs?: number;
  /** Customers call the inbound campaigns by themselves (the demo); off unless given. */
  demoCalls?: DemoCallsOptions;
}

const API_DEFAULT_PORT = '8480';

const refuseReinviteSchema = z.strictObject({ status: z.number().int().min(400).max(699).default(500) });

export function createSipExtension(options: SipExtensionOptions = {}): SimulatorExtension {
  return {
    name: 'sip',
    async start(ctx) {
      // sip.js's grammar with its table decoded once: parsing SIP was most of the simulator's CPU under a floor's return.
      await installFastSipGrammar();
      const log = (line: string): void => void process.stderr.write(`simulator: ${line}\n`);
      const rtpTimeout = new RtpTimeoutSetting(options.rtpTimeoutMs);
      const fixedPorts = new URL(ctx.baseUrl).port === API_DEFAULT_PORT;
      const server = await startSipServer({
        host: ctx.host,
        wsPort: options.sipWsPort ?? (fixedPorts ? 8088 : 0),
        wssPort: options.sipPort ?? (fixedPorts ? 8089 : 0),
        dataDir: ctx.dataDir,
        domain: ctx.host,
        ha1Of: (user) => ctx.state.agents.byPhone(user)?.md5secret,
        rtpTimeout,
        ...(options.codecs ? { codecs: options.codecs } : {}),
        log,
      });
      const calls = wireCallsToState(ctx, { originator: server.originator, bindings: server.bindings, domain: server.domain, rtpTimeout }, options);
      const transfers = wireTransfers(ctx, server, calls, {
        ctiHeaderName: options.ctiHeaderName ?? 'X-CTI',
        codecs: options.codecs ?? ['PCMA', 'PCMU'],
        ...(options.ringTimeoutMs !== undefined ? { ringTimeoutMs: options.ringTimeoutMs } : {}),
      });
      addSipOutageRoutes(ctx, server);
      // The agent's next re-INVITE on this call is refused (a PBX that turns down a hold or a refresh).
      ctx.control.route('POST', '/__sim/calls/:guid/refuse-reinvite', (request) => {
        const parsed = refuseReinviteSchema.safeParse(request.body ?? {});
        if (!parsed.success) return { status: 400, json: { error: `refuse-reinvite takes {status: 400..699}: ${z.prettifyError(parsed.error)}` } };
        const callId = calls.callIdOf(request.params.guid ?? '');
        if (!callId) return { status: 404, json: { error: `no live call ${request.params.guid ?? ''}` } };
        server.refuseNextReinvite(callId, parsed.data.status);
        return { json: { ok: true } };
      });

      // A graceful restart hangs up first (BYE/CANCEL, like `core restart gracefully`) and closes each
      // WebSocket; a crash says nothing: the sockets are gone before the calls end, so no BYE can leave.
      const onRestart = ({ mode, downMs }: PlatformRestart): void => {
        void (async () => {
          if (mode === 'graceful') await calls.endAll(PLATFORM_RESTARTED_CAUSE, 'signal');
          await server.goDown(downMs, mode);
          await calls.endAll(PLATFORM_RESTARTED_CAUSE, 'drop');
        })().catch((error: unknown) => log(`sip: the restart failed: ${(error as Error).message}`));
      };
      ctx.state.on('platform-restarted', onRestart);
      // A test fault does not outlive POST /__sim/reset.
      const onReset = (): void => server.refuseTakeovers(false);
      ctx.state.on('reset', onReset);

      log(`SIP over WebSocket at ${server.ws} and ${server.wss}; CA certificate: ${server.caCertFile}`);
      return {
        ready: { sip: { ws: server.ws, wss: server.wss, caCertFile: server.caCertFile } },
        async close() {
          ctx.state.off('platform-restarted', onRestart);
          ctx.state.off('reset', onReset);
          transfers.close();
          await calls.close();
          await server.close();
        },
      };
    },
  };
}
