// The SIP side as a simulator extension: registrar + originator on WS/WSS
// (or, with `externalServer`, the originator alone as a client of a real SIP
// server), Make Call / Hang Up Call / dialer / inbound calls tied to the state.
import type { G711Codec } from '../media/customer-media';
import type { ExtensionContext, SimulatorExtension } from '../extension';
import { AgentCaller } from './agent-caller';
import { AgentPicker } from './agent-picker';
import type { BindingStore } from './bindings';
import type { CallOriginator } from './call-originator';
import { DialerLoop } from './dialer-loop';
import { startExternalOriginator, type ExternalServerOptions } from './external-originator';
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
  /** Host no registrar: originate calls through this SIP server instead (issue 7). */
  externalServer?: ExternalServerOptions;
}

interface SipBackend {
  originator: CallOriginator;
  /** Registrar bindings when the simulator hosts the registrar. */
  bindings?: BindingStore;
  domain: string;
  ready: Record<string, unknown>;
  close(): Promise<void>;
}

const API_DEFAULT_PORT = '8480';

async function startBackend(ctx: ExtensionContext, options: SipExtensionOptions): Promise<SipBackend> {
  const external = options.externalServer;
  if (external) {
    const originator = await startExternalOriginator(external, ctx.host);
    process.stderr.write(`simulator: SIP calls go through ${external.wsUrl} as ${external.user}@${external.domain}\n`);
    return {
      originator,
      domain: external.domain,
      ready: { mode: 'external', server: external.wsUrl, originator: `sip:${external.user}@${external.domain}` },
      close: () => originator.close(),
    };
  }
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
  process.stderr.write(`simulator: SIP over WebSocket at ${server.ws} and ${server.wss}; CA certificate: ${server.caCertFile}\n`);
  return {
    originator: server.originator,
    bindings: server.bindings,
    domain: server.domain,
    ready: { ws: server.ws, wss: server.wss, caCertFile: server.caCertFile },
    close: () => server.close(),
  };
}

export function createSipExtension(options: SipExtensionOptions = {}): SimulatorExtension {
  return {
    name: 'sip',
    async start(ctx) {
      const backend = await startBackend(ctx, options);
      const { state } = ctx;
      const bindings = backend.bindings;
      const caller = new AgentCaller({
        state,
        originator: backend.originator,
        ...(bindings ? { bindings } : {}),
        domain: backend.domain,
        ctiHeaderName: options.ctiHeaderName ?? 'X-CTI',
        codecs: options.codecs ?? ['PCMA', 'PCMU'],
        ...(options.ringTimeoutMs !== undefined ? { ringTimeoutMs: options.ringTimeoutMs } : {}),
      });
      // Through an external server the simulator cannot see registrations: a logged-in member counts.
      const picker = new AgentPicker({ state, isRegistered: (phone) => bindings?.isRegistered(phone) ?? true });
      const dialer = new DialerLoop({ state, caller, picker });
      const kick = (): void => dialer.kick();

      const onCallRequested = (event: { guid: string; destination: string }): void =>
        caller.ring({ guid: event.guid, customer: event.destination, autoAnswer: true });
      const onHangupRequested = (event: { guid: string }): void => void caller.hangup(event.guid, 'api').catch(() => false);
      const onReset = (): void => void caller.closeAll().catch(() => undefined);
      const kickEvents = ['dialer-task-queued', 'agent-logged-in', 'queue-members-added'] as const;
      state.on('call-requested', onCallRequested);
      state.on('hangup-requested', onHangupRequested);
      state.on('reset', onReset);
      for (const event of kickEvents) state.on(event, kick);
      const stopBindingWatch = bindings?.onChange((change) => {
        if (change.type === 'registered') kick();
      });
      caller.onCallEnded(kick);
      addSipControlRoutes(ctx, caller, picker, bindings);

      return {
        ready: { sip: backend.ready },
        async close() {
          dialer.close();
          stopBindingWatch?.();
          state.off('call-requested', onCallRequested);
          state.off('hangup-requested', onHangupRequested);
          state.off('reset', onReset);
          for (const event of kickEvents) state.off(event, kick);
          await caller.closeAll();
          await backend.close();
        },
      };
    },
  };
}
