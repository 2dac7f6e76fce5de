// Which campaigns an agent can place a manual call through: those with a DID
// (Make Call's `callerid`), outbound ones first, and which one to preselect.
import type { ParsedCampaign } from '../../../common/domain';
import type { ManualCampaign } from '../../../common/ipc-contract';

export function manualCampaigns(campaigns: readonly ParsedCampaign[]): ManualCampaign[] {
  const withDid = campaigns.filter((c) => (c.record.did ?? '').trim() !== '');
  const outbound = (c: ParsedCampaign): number => (c.direction.parsed?.direction === 'inbound' ? 1 : 0);
  return [...withDid].sort((a, b) => outbound(a) - outbound(b)).map((c) => ({ name: c.name, did: (c.record.did ?? '').trim() }));
}

/** The remembered campaign when still offered; else one named "manual"; else the first outbound one. */
export function pickCampaign(offered: readonly ManualCampaign[], remembered: string | null): string | null {
  if (remembered && offered.some((c) => c.name === remembered)) return remembered;
  return (offered.find((c) => /manual/i.test(c.name)) ?? offered[0])?.name ?? null;
}
