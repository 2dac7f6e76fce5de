// 2. Agent Authentication: agent + password → logged in; the Agent record with a fresh token.
import { agentLoginRecord } from './agent-record';
import { refuse, success, type Operation } from './operation';
import { timingSafeEqualText } from './secret-compare';

export const agentLogin: Operation = {
  id: 'agentLogin',
  authorized: false,
  body: 'form',
  handle(fields, { state, hostName }) {
    const name = fields.required('agent');
    const agent = name ? state.agents.byUserName(name) : undefined;
    if (!agent || !timingSafeEqualText(agent.password, fields.get('password') ?? '')) {
      return refuse('unknown agent or wrong password');
    }
    const { token } = state.tokens.issue('agent', agent.accountcode);
    state.logIn(agent);
    return success(JSON.stringify(agentLoginRecord(agent, hostName, token)));
  },
};
