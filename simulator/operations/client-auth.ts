// 1. Client Authentication: user + password of an API user → a token.
import { timingSafeEqualText } from './secret-compare';
import { refuse, success, type Operation } from './operation';

export const clientAuth: Operation = {
  id: 'clientAuth',
  authorized: false,
  body: 'form',
  handle(fields, { state }) {
    const user = fields.required('user');
    const password = fields.get('password') ?? '';
    const account = state.seed.apiUsers.find((u) => u.user === user);
    if (!user || !account || !timingSafeEqualText(account.password, password)) return refuse('unknown user or wrong password');
    return success(state.tokens.issue('client', account.user).token);
  },
};
