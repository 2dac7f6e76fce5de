// 9. Add Agent to Campaign: a JSON array of members; all of them are valid or none is added.
import { z } from 'zod';
import type { QueueMember } from '../state/records';
import { refuse, success, type Operation } from './operation';
import { parseJsonField } from './parse-json-field';

const intLike = z.union([z.number().int(), z.string().regex(/^-?\d+$/).transform(Number)]);
const membersSchema = z
  .array(z.object({ membername: z.string().min(1), queueName: z.string().min(1), interface1: z.string(), penalty: intLike, paused: intLike }))
  .min(1);

export const addQueueMember: Operation = {
  id: 'addQueueMember',
  authorized: true,
  body: 'form',
  handle(fields, { state }) {
    const parsed = parseJsonField(fields.get('queuemember'), 'queuemember', membersSchema);
    if (!parsed.ok) return refuse(parsed.reason);
    const now = new Date().toISOString();
    const added: QueueMember[] = [];
    for (const m of parsed.value) {
      const agent = state.agents.byUserName(m.membername);
      if (!agent) return refuse(`unknown agent ${m.membername}`);
      if (!state.campaign(m.queueName)) return refuse(`unknown campaign ${m.queueName}`);
      if (m.interface1 !== `SIP/${agent.name}`) return refuse(`interface1 ${m.interface1} is not SIP/${agent.name}`);
      added.push({ ...m, addedAt: now });
    }
    // Adding a member that is already there is not an error; it is not added twice.
    const fresh = state.queueMembers.add(added);
    if (fresh.length > 0) state.emit('queue-members-added', fresh);
    return success('1');
  },
};
