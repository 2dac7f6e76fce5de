// The SIP side in "external registrar" mode: no WS endpoint, no registrar.
// The originator (the same sip.js + werift UserAgent) connects to the server's
// WebSocket with its own credentials, and Make Call / the dialer / inbound
// calls send INVITEs to `sip:<phone>@<domain>` through it. CTI header,
// auto-answer, media, call records and control routes are those of the
// built-in mode.
import { readFileSync } from 'node:fs';
import { UserAgent } from 'sip.js';
import type { SimulatorExtension } from '../../extension';
import { warmUpCustomerMedia } from '../../media/customer-media';
import { PLATFORM_RESTARTED_CAUSE } from '../../state/events';
import { CallOriginator } from '../call-originator';
import { wireCallsToState } from '../call-wiring';
import { RtpTimeoutSetting } from '../rtp-timeout-setting';
import type { SipExtensionOptions } from '../sip-extension';
import type { UpstreamOptions } from './upstream-options';
import { UpstreamRegistrar } from './upstream-registration';
import { WsClientTransport, type WsClientTransportOptions } from './ws-client-transport';

export function createUpstreamSipExtension(upstream: UpstreamOptions, options: SipExtensionOptions = {}): SimulatorExtension {
  return {
    name: 'sip',
    async start(ctx) {
      const log = (line: string): void => void process.stderr.write(`simulator: ${line}\n`);
      const uri = UserAgent.makeURI(`sip:${upstream.username}@${upstream.domain}`);
      if (!uri) throw new Error(`Starting the upstream SIP mode failed: sip:${upstream.username}@${upstream.domain} is not a SIP URI.`);
      const rtpTimeout = new RtpTimeoutSetting(options.rtpTimeoutMs);
      const transportOptions: WsClientTransportOptions = {
        url: upstream.proxyWsUrl,
        log,
        ...(upstream.caFile ? { ca: readCa(upstream.caFile) } : {}),
      };
      const originator = await CallOriginator.start({
        domain: upstream.domain,
        mediaAddress: ctx.host,
        transportConstructor: WsClientTransport,
        transportOptions,
        rtpTimeout,
        userAgentOptions: {
          uri,
          contactName: upstream.username,
          // Our Contact is not reachable by itself: the server answers over this WebSocket.
          viaHost: 'simulator.invalid',
          authorizationUsername: upstream.username,
          ...(upstream.ha1 ? { authorizationHa1: upstream.ha1.toLowerCase() } : { authorizationPassword: upstream.password ?? '' }),
          reconnectionAttempts: 0,
        },
      });
      const registrar = new UpstreamRegistrar(
        originator.userAgent,
        { register: upstream.register, expiresSec: upstream.registerExpiresSec, log },
        { proxyWsUrl: upstream.proxyWsUrl, domain: upstream.domain, username: upstream.username },
      );
      registrar.start();
      await warmUpCustomerMedia(ctx.host);

      // The simulator cannot see registrations on the other server: a call to a
      // phone that is not registered there ends as failed with the server's answer (480/404).
      const calls = wireCallsToState(ctx, { originator, domain: upstream.domain, rtpTimeout }, options);
      // The external server is the PBX and does not restart with the simulator: its calls end with BYE/CANCEL either way.
      const onRestart = (): void => void calls.endAll(PLATFORM_RESTARTED_CAUSE, 'signal').catch(() => undefined);
      ctx.state.on('platform-restarted', onRestart);
      ctx.control.route('GET', '/__sim/sip/upstream', () => ({ json: registrar.snapshot() }));
      log(`SIP calls go through ${upstream.proxyWsUrl} as ${upstream.username}@${upstream.domain} (no registrar here)`);

      return {
        ready: { sip: { upstream: { proxyWsUrl: upstream.proxyWsUrl, domain: upstream.domain, username: upstream.username } } },
        async close() {
          ctx.state.off('platform-restarted', onRestart);
          await calls.close();
          await registrar.stop();
          // ua.stop() waits for its Registerers; one stuck on a dead socket would hold it ~32 s.
          await Promise.race([originator.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);
          await originator.transport.dispose().catch(() => undefined);
        },
      };
    },
  };
}

function readCa(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`Reading the upstream CA file ${file} failed: ${(error as Error).message}. Point caFile at the PEM of the server's CA.`, { cause: error });
  }
}
