// Control API of the SIP side: a customer calls an inbound campaign, call
// state with audio levels, and the customer hanging up.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ControlReply, ExtensionContext } from '../extension';
import type { AgentCaller } from './agent-caller';
import type { AgentPicker } from './agent-picker';
import type { BindingStore } from './bindings';

const inboundCallSchema = z.object({
  campaign: z.string().min(1),
  from: z.string().regex(/^\+?\d{1,20}$/, 'a phone number of digits'),
});

const problem = (status: number, error: string): ControlReply => ({ status, json: { error } });

/** `bindings` is undefined when calls go through an external server (no registrar here). */
export function addSipControlRoutes(ctx: ExtensionContext, caller: AgentCaller, picker: AgentPicker, bindings?: BindingStore): void {
  const { state } = ctx;

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

  ctx.control.route('POST', '/__sim/inbound-call', (request) => {
    const parsed = inboundCallSchema.safeParse(request.body);
    if (!parsed.success) {
      return problem(400, `inbound-call needs {campaign, from}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
    const { campaign: campaignName, from } = parsed.data;
    const campaign = state.campaign(campaignName);
    if (!campaign) return problem(404, `no campaign named ${campaignName}`);
    const agent = picker.pick(campaignName);
    if (!agent) {
      return problem(409, `no member of ${campaignName} is logged in, registered and idle; add one with Add Agent to Campaign and sign in`);
    }
    const guid = randomUUID();
    state.addCall({
      guid, agent: agent.accountcode, phone: agent.name, destination: from, campaign: campaignName,
      callerid: from, origin: 'inbound', status: 'requested', createdAt: new Date().toISOString(), dtmf: [],
    });
    caller.ring({ guid, customer: from, autoAnswer: campaign.auto_answer === '1' });
    return { status: 201, json: { guid, agent: agent.accountcode, phone: agent.name } };
  });

  ctx.control.route('GET', '/__sim/calls/:guid', (request) => {
    const guid = request.params.guid ?? '';
    const call = caller.refreshLevels(guid);
    return call ? { json: call } : problem(404, `no call ${guid}`);
  });

  ctx.control.route('POST', '/__sim/calls/:guid/hangup', async (request) => {
    const guid = request.params.guid ?? '';
    if (!state.calls.get(guid)) return problem(404, `no call ${guid}`);
    if (!(await caller.hangup(guid, 'customer'))) return problem(409, `call ${guid} has already ended`);
    return { json: state.calls.get(guid) };
  });
}
