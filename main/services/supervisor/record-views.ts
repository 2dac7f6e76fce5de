// Campaigns and dialers as the page receives them: the parsed fields beside
// the raw record. JSON round-trip makes the record plain data for the contract.
import type { CampaignView, DialerView } from '../../../common/ipc-contract';
import type { ParsedCampaign, ParsedDialer } from '../../../common/domain';

function plain(record: object): Record<string, unknown> {
  return JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
}

export function campaignView(campaign: ParsedCampaign): CampaignView {
  return {
    name: campaign.name,
    direction: campaign.direction,
    schedule: campaign.schedule,
    thresholds: campaign.thresholds,
    form: campaign.form,
    dialstring: campaign.dialstring,
    record: plain(campaign.record),
  };
}

export function dialerView(dialer: ParsedDialer): DialerView {
  return {
    campaign: dialer.campaign,
    schedule: dialer.schedule,
    dialstring: dialer.dialstring,
    recycle: dialer.recycle,
    variables: dialer.variables,
    schedulephones: dialer.schedulephones,
    record: plain(dialer.record),
  };
}
