// A customer calls an inbound campaign: the next idle member rings. Used by the
// control API (`POST /__sim/inbound-call`) and by the demo's own callers.
import { randomUUID } from 'node:crypto';
import type { SimState } from '../state/sim-state';
import type { AgentCaller } from './agent-caller';
import type { AgentPicker } from './agent-picker';

export type InboundCallResult =
  | { readonly ok: true; readonly guid: string; readonly agent: string; readonly phone: string }
  | { readonly ok: false; readonly status: 404 | 409; readonly error: string };

export function placeInboundCall(state: SimState, caller: AgentCaller, picker: AgentPicker, campaignName: string, from: string, data = ''): InboundCallResult {
  const campaign = state.campaign(campaignName);
  if (!campaign) return { ok: false, status: 404, error: `no campaign named ${campaignName}` };
  const agent = picker.pick(campaignName);
  if (!agent) {
    return { ok: false, status: 409, error: `no member of ${campaignName} is logged in, registered and idle; add one with Add Agent to Campaign and sign in` };
  }
  const guid = randomUUID();
  state.addCall({
    guid, agent: agent.accountcode, phone: agent.name, destination: from, campaign: campaignName,
    callerid: from, origin: 'inbound', status: 'requested', createdAt: new Date().toISOString(), dtmf: [],
  });
  // `data` is what a dialer record would carry (`key=value` pairs), sent as CTI ParAndValues.
  caller.ring({ guid, customer: from, autoAnswer: campaign.auto_answer === '1', parAndValues: data });
  return { ok: true, guid, agent: agent.accountcode, phone: agent.name };
}
