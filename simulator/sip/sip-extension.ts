// The SIP side as a simulator extension: registrar + originator on WS/WSS,
// Make Call / Hang Up Call / dialer / inbound calls tied to the live state.
import type { G711Codec } from '../media/customer-media';
import type { SimulatorExtension } from '../extension';
import { AgentCaller } from './agent-caller';
import { AgentPicker } from './agent-picker';
import { DialerLoop } from './dialer-loop';
import { addSipControlRoutes } from './sip-control-routes';
import { startSipServer } from './sip-server';

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
      const { state } = ctx;
      const caller = new AgentCaller({
        state,
        originator: server.originator,
        bindings: server.bindings,
        domain: server.domain,
        ctiHeaderName: options.ctiHeaderName ?? 'X-CTI',
        codecs: options.codecs ?? ['PCMA', 'PCMU'],
        ...(options.ringTimeoutMs !== undefined ? { ringTimeoutMs: options.ringTimeoutMs } : {}),
      });
      const picker = new AgentPicker({ state, isRegistered: (phone) => server.bindings.isRegistered(phone) });
      const dialer = new DialerLoop({ state, caller, picker });
      const kick = (): void => dialer.kick();

      const onCallRequested = (event: { guid: string; destination: string }): void =>
        caller.ring({ guid: event.guid, customer: event.destination, autoAnswer: true });
      const onHangupRequested = (event: { guid: string }): void => void caller.hangup(event.guid, 'api').catch(() => false);
      const onReset = (): void => void caller.closeAll().catch(() => undefined);
      state.on('call-requested', onCallRequested);
      state.on('hangup-requested', onHangupRequested);
      state.on('reset', onReset);
      for (const event of ['dialer-task-queued', 'agent-logged-in', 'queue-members-added'] as const) state.on(event, kick);
      const stopBindingWatch = server.bindings.onChange((change) => {
        if (change.type === 'registered') kick();
      });
      caller.onCallEnded(kick);
      addSipControlRoutes(ctx, caller, picker, server.bindings);
      process.stderr.write(`simulator: SIP over WebSocket at ${server.ws} and ${server.wss}; CA certificate: ${server.caCertFile}\n`);

      return {
        ready: { sip: { ws: server.ws, wss: server.wss, caCertFile: server.caCertFile } },
        async close() {
          dialer.close();
          stopBindingWatch();
          state.off('call-requested', onCallRequested);
          state.off('hangup-requested', onHangupRequested);
          state.off('reset', onReset);
          for (const event of ['dialer-task-queued', 'agent-logged-in', 'queue-members-added'] as const) state.off(event, kick);
          await caller.closeAll();
          await server.close();
        },
      };
    },
  };
}
