// Control API of the SIP side: a customer calls an inbound campaign, call
// state with audio levels, the customer hanging up, the RTP timeout, and the
// registrar forgetting a phone.
import { Readable } from 'node:stream';
import { z } from 'zod';
import { wavOf } from '../media/recent-audio';
import type { ControlReply, ExtensionContext } from '../extension';
import type { AgentCaller } from './agent-caller';
import type { AgentPicker } from './agent-picker';
import type { BindingStore } from './bindings';
import { placeInboundCall } from './inbound-call';
import type { RtpTimeoutSetting } from './rtp-timeout-setting';

const inboundCallSchema = z.object({
  campaign: z.string().min(1),
  from: z.string().regex(/^\+?\d{1,20}$/, 'a phone number of digits'),
  /** Dialer-record style `key=value` data sent with the call as CTI ParAndValues. */
  data: z.string().max(4000).default(''),
});

const settingsSchema = z.strictObject({
  rtpTimeoutSeconds: z.number().int('a whole number of seconds').min(0).max(3600),
});

const problem = (status: number, error: string): ControlReply => ({ status, json: { error } });

/** `byeLost`: the customer hangs up and the BYE is lost on its way to the agent (the zombie-call case). */
const hangupSchema = z.strictObject({ byeLost: z.boolean().optional() });

export interface SipRouteDeps {
  caller: AgentCaller;
  picker: AgentPicker;
  rtpTimeout: RtpTimeoutSetting;
  /** Undefined when calls go through an external server (no registrar here). */
  bindings?: BindingStore;
}

export function addSipControlRoutes(ctx: ExtensionContext, { caller, picker, rtpTimeout, bindings }: SipRouteDeps): void {
  const { state } = ctx;
  const settings = (): { rtpTimeoutSeconds: number } => ({ rtpTimeoutSeconds: rtpTimeout.timeoutMs() / 1000 });

  ctx.control.route('GET', '/__sim/sip/settings', () => ({ json: settings() }));
  ctx.control.route('POST', '/__sim/sip/settings', (request) => {
    const parsed = settingsSchema.safeParse(request.body);
    if (!parsed.success) return problem(400, `sip/settings takes {rtpTimeoutSeconds: 0 (off) to 3600}: ${z.prettifyError(parsed.error)}`);
    rtpTimeout.set(parsed.data.rtpTimeoutSeconds * 1000);
    return { json: settings() };
  });

  ctx.control.route('GET', '/__sim/sip/registrations', () => ({
    json: (bindings?.registeredUsers() ?? []).flatMap((phone) =>
      (bindings?.live(phone) ?? []).map((b) => ({
        phone,
        contact: b.contact.toString(),
        transport: b.connection.transport,
        expiresAt: new Date(b.expiresAt).toISOString(),
      })),
    ),
  }));

  // The registrar forgets a phone's bindings while its connection stays open, as Kamailio's `ul.rm location
  // <aor>` does, or a registrar restarted behind a WebSocket front that kept the phone's connection. Calls
  // to it then fail until the phone registers again (its refresh, or a new connection).
  ctx.control.route('DELETE', '/__sim/sip/registrations/:phone', (request) => {
    const phone = request.params.phone ?? '';
    if (!bindings) return problem(409, 'forgetting a registration needs the simulator\'s own registrar (not an external SIP server)');
    if (!bindings.isRegistered(phone)) return problem(404, `phone ${phone} has no live registration`);
    bindings.remove(phone, '*');
    return { json: { phone, forgotten: true } };
  });

  ctx.control.route('POST', '/__sim/inbound-call', (request) => {
    const parsed = inboundCallSchema.safeParse(request.body);
    if (!parsed.success) {
      return problem(400, `inbound-call needs {campaign, from}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
    const placed = placeInboundCall(state, caller, picker, parsed.data.campaign, parsed.data.from, parsed.data.data);
    if (!placed.ok) return problem(placed.status, placed.error);
    return { status: 201, json: { guid: placed.guid, agent: placed.agent, phone: placed.phone } };
  });

  ctx.control.route('GET', '/__sim/calls/:guid', (request) => {
    const guid = request.params.guid ?? '';
    const call = caller.refreshLevels(guid);
    return call ? { json: call } : problem(404, `no call ${guid}`);
  });

  // The last seconds the customer heard, to listen to in a browser (or measure in a test).
  ctx.control.route('GET', '/__sim/calls/:guid/heard.wav', (request) => {
    const guid = request.params.guid ?? '';
    const heard = caller.customerHeard(guid);
    if (!heard) return problem(404, `no live call ${guid} with a customer on it`);
    return { stream: Readable.from([wavOf(heard)]), contentType: 'audio/wav' };
  });

  ctx.control.route('POST', '/__sim/calls/:guid/hangup', async (request) => {
    const guid = request.params.guid ?? '';
    const parsed = hangupSchema.safeParse(request.body ?? {});
    if (!parsed.success) return problem(400, `hangup takes {byeLost?: boolean}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    if (!state.calls.get(guid)) return problem(404, `no call ${guid}`);
    if (parsed.data.byeLost && !bindings) return problem(409, 'byeLost needs the simulator\'s own registrar (not an external SIP server)');
    if (!(await caller.hangup(guid, 'customer', parsed.data))) return problem(409, `call ${guid} has already ended`);
    return { json: state.calls.get(guid) };
  });
}
