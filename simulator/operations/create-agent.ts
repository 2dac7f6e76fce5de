// 8. Create Agent: the `phone` JSON (the spec's create record, every key present)
// becomes an agent that can log in and register; its phone number must be free.
import { z } from 'zod';
import { md5Secret } from '../state/agent-store';
import { refuse, success, type Operation } from './operation';
import { parseJsonField } from './parse-json-field';

const text = z.string();
const phoneSchema = z.object({
  accountcode: z.string().trim().min(1),
  secret: z.string().min(1),
  fullname: z.string().trim().min(1),
  name: z.string().regex(/^\d{1,20}$/, 'must be a phone number (digits)'),
  callerid: text,
  defaultuser: text,
  id: z.union([z.number().int(), z.string()]),
  limite: z.union([z.number().int(), z.string()]),
  LogLevel: text, allow: text, context: text, did: text, email: text, canreinvite: text, insecure: text,
  mailbox: text, pickupgroup: text, callgroup: text, port: text, outboundproxy: text, disallow: text,
  dtmfmode: text, encryption: text, host: text, language: text, nat: text, phonetype: text, qualify: text,
  record: text, subscribecontext: text, transport: text, type: text,
});

export const createAgent: Operation = {
  id: 'createAgent',
  authorized: true,
  body: 'form',
  handle(fields, { state }) {
    const parsed = parseJsonField(fields.get('phone'), 'phone', phoneSchema);
    if (!parsed.ok) return refuse(parsed.reason);
    const p = parsed.value;
    if (p.callerid !== p.name || p.defaultuser !== p.name) return refuse('callerid and defaultuser must equal name (the phone number)');
    if (state.agents.byPhone(p.name)) return refuse(`phone ${p.name} is already in use`);
    if (state.agents.byUserName(p.accountcode)) return refuse(`user name ${p.accountcode} is already in use`);
    const limite = Number(p.limite);
    state.agents.add({
      id: state.agents.nextId(),
      name: p.name,
      accountcode: p.accountcode,
      password: p.secret,
      md5secret: md5Secret(p.name, p.secret),
      fullname: p.fullname,
      email: p.email,
      did: p.did,
      limite: Number.isInteger(limite) ? limite : 0,
      loggedIn: false,
      origin: 'create-agent',
    });
    return success('1');
  },
};
