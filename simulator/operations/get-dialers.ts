// 12. Get Dialers: every dialer as JSON text (the request has no body).
import { success, type Operation } from './operation';

export const getDialers: Operation = {
  id: 'getDialers',
  authorized: true,
  body: 'form',
  handle: (_fields, { state }) => success(JSON.stringify(state.dialers)),
};
