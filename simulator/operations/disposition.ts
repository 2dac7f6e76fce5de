// 7. Call Disposition: stores every parameter; a later one for the same guid replaces it.
import { parseCallDate } from '../state/dialer-queue';
import { refuse, success, type Operation } from './operation';

export const disposition: Operation = {
  id: 'disposition',
  authorized: true,
  body: 'form',
  handle(fields, { state }) {
    const [campaign, agent, callerid, guid, l1] = (['campaign', 'agent', 'callerid', 'guid', 'l1'] as const).map((n) => fields.required(n));
    if (!campaign || !agent || !callerid || !guid || !l1) return refuse('missing one of campaign, agent, callerid, guid, l1');
    if (!state.campaign(campaign)) return refuse(`unknown campaign ${campaign}`);
    if (!state.agents.byUserName(agent)) return refuse(`unknown agent ${agent}`);
    const schedule = fields.get('schedule') ?? '';
    if (schedule && !parseCallDate(schedule)) return refuse('schedule is not YYYY-MM-DD hh:mm:ss');
    const reschedule = fields.get('camptoreschedule') ?? '';
    if (reschedule && !state.campaign(reschedule)) return refuse(`unknown camptoreschedule ${reschedule}`);
    const previous = state.dispositions.get(guid);
    state.dispositions.set(guid, {
      guid,
      params: fields.toRecord(),
      knownCall: state.calls.get(guid) !== undefined,
      receivedAt: new Date().toISOString(),
      received: (previous?.received ?? 0) + 1,
    });
    return success('OK');
  },
};
