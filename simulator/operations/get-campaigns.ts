// 11. Get Campaigns: every campaign (dialers and queues) as JSON text.
import { success, type Operation } from './operation';

export const getCampaigns: Operation = {
  id: 'getCampaigns',
  authorized: true,
  body: 'form',
  handle: (_fields, { state }) => success(JSON.stringify(state.campaigns)),
};
