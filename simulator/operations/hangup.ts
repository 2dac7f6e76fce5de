// 4. Hang Up Call: ends the current call of an agent phone, if it has one.
import { refuse, success, type Operation } from './operation';

export const hangup: Operation = {
  id: 'hangup',
  authorized: true,
  body: 'form',
  handle(fields, { state }) {
    const phone = fields.required('phone');
    if (!phone || !/^\d+$/.test(phone)) return refuse('phone missing or not a number');
    const call = state.activeCallOfPhone(phone);
    if (!call) return refuse(`phone ${phone} has no call`);
    state.updateCall(call.guid, { status: 'ended', endedAt: new Date().toISOString(), endedBy: 'api' });
    state.emit('hangup-requested', { phone, guid: call.guid });
    return success('1');
  },
};
