// Issue 22 in the simulator's own-registrar mode: phones place calls
// themselves (to an extension, a campaign, an outside number), transfer them
// (REFER, blind and attended), and replace dialogs (INVITE with Replaces), as
// an Asterisk PJSIP endpoint may. Ties the pieces of transfer/ to the SIP
// server, the live calls and the control API.
import type { ExtensionContext } from '../../extension';
import type { G711Codec } from '../../media/customer-media';
import type { WiredCalls } from '../call-wiring';
import { DigestAuthenticator } from '../digest-auth';
import { SIP_REALM, type SipServer } from '../sip-server';
import { InviteAuth } from './invite-auth';
import { ParkedLegs } from './parked-legs';
import { PbxSettings } from './pbx-settings';
import { PhoneCalls } from './phone-calls';
import { PhoneRequests } from './phone-requests';
import { ReplacesInvites } from './replaces-invite';
import { TargetDialer } from './target-dialer';
import { TransferDesk } from './transfer-desk';
import { TransferLog } from './transfer-log';
import { addTransferRoutes } from './transfer-routes';

export interface TransferWiringOptions {
  ctiHeaderName: string;
  codecs: G711Codec[];
  ringTimeoutMs?: number;
}

export function wireTransfers(ctx: ExtensionContext, server: SipServer, wired: WiredCalls, options: TransferWiringOptions): { close(): void } {
  const { state } = ctx;
  const { originator } = server;
  const settings = new PbxSettings(state.seed.pbx);
  const dialer = new TargetDialer({
    state,
    originator,
    bindings: server.bindings,
    picker: wired.picker,
    settings,
    domain: server.domain,
    ctiHeaderName: options.ctiHeaderName,
    codecs: options.codecs,
    ...(options.ringTimeoutMs !== undefined ? { ringTimeoutMs: options.ringTimeoutMs } : {}),
  });
  const log = new TransferLog(state);
  const parked = new ParkedLegs(wired.calls, settings);
  const desk = new TransferDesk({ state, originator, calls: wired.calls, dialer, parked, settings, log });
  const requests = new PhoneRequests({
    auth: new InviteAuth(new DigestAuthenticator(SIP_REALM), (phone) => state.agents.byPhone(phone)),
    desk,
    phoneCalls: new PhoneCalls({ state, originator, calls: wired.calls, dialer }),
    replaces: new ReplacesInvites({ originator, calls: wired.calls }),
    userAgentUri: `sip:platform@${server.domain}`,
    deliver: (message, connection) => server.deliver(message, connection),
  });
  server.setPhoneRequests(requests);
  originator.onIncomingCall((invitation) => requests.takeInvitation(invitation));
  addTransferRoutes(ctx, settings);
  const onReset = (): void => settings.reset();
  state.on('reset', onReset);
  return {
    close() {
      state.off('reset', onReset);
    },
  };
}
