// What a phone's dialled user part reaches, as the platform's dialplan reads
// a Request-URI or a Refer-To (only the user part counts, the host is ignored):
// an agent's extension, a campaign (its name, percent-encoded in the URI:
// `sip:Soporte%3C-@host`), or an outside number. Anything else is unknown.
import { OUTSIDE_NUMBER } from '../../seed/pbx-schema';
import type { AgentEntry, Campaign } from '../../state/records';
import type { SimState } from '../../state/sim-state';

export type DialTarget =
  | { readonly kind: 'extension'; readonly agent: AgentEntry }
  | { readonly kind: 'campaign'; readonly campaign: Campaign }
  | { readonly kind: 'number'; readonly number: string }
  /** The echo test (Asterisk's Echo()): answers at once and plays back what it hears. */
  | { readonly kind: 'echo'; readonly extension: string };

/** `user` as sip.js parsed it (percent-escapes already decoded); `echoExtension` when the echo test may be dialled. */
export function resolveDialTarget(user: string, state: SimState, echoExtension?: string): DialTarget | undefined {
  if (echoExtension !== undefined && user === echoExtension) return { kind: 'echo', extension: user };
  const agent = state.agents.byPhone(user);
  if (agent) return { kind: 'extension', agent };
  const campaign = state.campaign(user);
  if (campaign) return { kind: 'campaign', campaign };
  if (OUTSIDE_NUMBER.test(user)) return { kind: 'number', number: user };
  return undefined;
}

export function describeDialTarget(target: DialTarget): string {
  if (target.kind === 'extension') return `extension ${target.agent.name}`;
  if (target.kind === 'campaign') return `campaign ${target.campaign.name}`;
  if (target.kind === 'echo') return `the echo test ${target.extension}`;
  return `number ${target.number}`;
}
