// 10. Make Call: records a call for the agent's phone and answers its new GUID;
// the SIP side (an extension) rings the agent on `call-requested`.
import { randomUUID } from 'node:crypto';
import { refuse, success, type Operation } from './operation';

const params = ['callerid', 'agent', 'phone', 'tech', 'context', 'outqueue', 'destination'] as const;

export const makeCall: Operation = {
  id: 'makeCall',
  authorized: true,
  body: 'form',
  handle(fields, { state }) {
    const [callerid, agentName, phone, tech, context, outqueue, destination] = params.map((n) => fields.required(n));
    if (!callerid || !agentName || !phone || !tech || !context || !outqueue || !destination) {
      return refuse(`missing one of ${params.join(', ')}`);
    }
    const agent = state.agents.byUserName(agentName);
    if (!agent) return refuse(`unknown agent ${agentName}`);
    if (agent.name !== phone) return refuse(`phone ${phone} is not the phone of ${agentName}`);
    if (tech !== 'SIP') return refuse('tech must be SIP');
    if (context !== 'agentes' && context !== 'agents') return refuse('context must be agentes or agents');
    if (!state.campaign(outqueue)) return refuse(`unknown campaign ${outqueue}`);
    if (!/^\+?\d+$/.test(destination)) return refuse('destination is not a phone number');
    const guid = randomUUID();
    state.addCall({
      guid, agent: agentName, phone, destination, campaign: outqueue, callerid,
      origin: 'make-call', status: 'requested', createdAt: new Date().toISOString(), dtmf: [],
    });
    state.emit('call-requested', { guid, agent: agentName, phone, destination, campaign: outqueue, callerid, origin: 'make-call' });
    return success(guid);
  },
};
