// 3. Log Out: the agent (or API user) session ends; message and interface are saved.
import { refuse, success, type Operation } from './operation';

export const logout: Operation = {
  id: 'logout',
  authorized: true,
  body: 'form',
  handle(fields, { state }) {
    const name = fields.required('agent');
    if (!name) return refuse('agent missing');
    const iface = fields.get('interface') ?? '';
    if (iface && !/^SIP\/\w+$/.test(iface)) return refuse('interface is not SIP/<extension>');
    const record = { agent: name, interface: iface, message: fields.get('message') ?? '' };
    const agent = state.agents.byUserName(name);
    if (agent) {
      if (iface && iface !== `SIP/${agent.name}`) return refuse(`interface ${iface} is not the phone of ${name}`);
      // Logging out an agent that is not logged in still answers Success (idempotent).
      state.logOut(agent, record);
      return success('Success');
    }
    if (state.seed.apiUsers.some((u) => u.user === name)) {
      state.logouts.push({ ...record, at: new Date().toISOString() });
      return success('Success');
    }
    return refuse(`unknown agent ${name}`);
  },
};
