// 5. Add Record to Dialer: the `call` JSON (every key present) joins the campaign's FIFO queue.
import { z } from 'zod';
import { parseCallDate } from '../state/dialer-queue';
import { refuse, success, type Operation } from './operation';
import { parseJsonField } from './parse-json-field';

const callSchema = z.object({
  calldate: z.union([z.null(), z.literal(''), z.string().refine((t) => parseCallDate(t) !== null, 'must be YYYY-MM-DD hh:mm:ss')]),
  campaign: z.string().min(1),
  destination: z.string().regex(/^\+?\d+$/, 'must be a phone number'),
  alternatives: z.string(),
  agent: z.string(),
  data: z.string(),
  source: z.string(),
  bulk: z.boolean(),
  automatic: z.boolean(),
});

export const dialerTask: Operation = {
  id: 'dialerTask',
  authorized: true,
  body: 'form',
  handle(fields, { state }) {
    const parsed = parseJsonField(fields.get('call'), 'call', callSchema);
    if (!parsed.ok) return refuse(parsed.reason);
    const call = parsed.value;
    if (!state.campaign(call.campaign)) return refuse(`unknown campaign ${call.campaign}`);
    if (call.agent && !state.agents.byPhone(call.agent)) return refuse(`no agent has phone ${call.agent}`);
    const task = state.dialerQueue.enqueue({
      calldate: call.calldate || null,
      campaign: call.campaign,
      destination: call.destination,
      alternatives: call.alternatives,
      agent: call.agent,
      data: call.data,
      source: call.source,
      bulk: call.bulk,
      automatic: call.automatic,
    });
    state.emit('dialer-task-queued', task);
    return success('1');
  },
};
