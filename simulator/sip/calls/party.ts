// The parties of a call as the platform bridges them: an agent's phone on its
// own SIP leg, or a simulated party with no SIP of its own (the customer
// behind a trunk, an outside number a phone called). A simulated party's voice
// is a tone played by the agent leg it is bridged to.
import type { CallPartyView } from '../../state/records';
import type { CallLeg } from '../call-leg';

/** The customer's voice (the tone every call of the simulator has had). */
export const CUSTOMER_TONE_HZ = 440;
/** An outside number's voice: another pitch, so a test can tell whom a phone hears. */
export const OUTSIDE_PARTY_TONE_HZ = 660;

export interface SimulatedParty {
  /** `echo`: the PBX's echo test, which plays back what the agent's leg sends (no tone of its own). */
  readonly role: 'customer' | 'outside' | 'echo';
  readonly number: string;
  readonly toneHz: number;
}

export interface AgentParty {
  readonly role: 'agent';
  /** The extension (the agent record's `name`). */
  readonly phone: string;
  /** The user name (`accountcode`), empty when no agent has that phone. */
  readonly agent: string;
  readonly leg: CallLeg;
}

export type Party = SimulatedParty | AgentParty;

export function customerParty(number: string): SimulatedParty {
  return { role: 'customer', number, toneHz: CUSTOMER_TONE_HZ };
}

export function outsideParty(number: string): SimulatedParty {
  return { role: 'outside', number, toneHz: OUTSIDE_PARTY_TONE_HZ };
}

export function echoParty(extension: string): SimulatedParty {
  return { role: 'echo', number: extension, toneHz: 0 };
}

/** What the state shows of a party; agent parties with their leg's audio levels. */
export function partyView(party: Party): CallPartyView {
  if (party.role !== 'agent') return { role: party.role, number: party.number, state: 'up' };
  const levels = party.leg.levels();
  return {
    role: 'agent',
    phone: party.phone,
    agent: party.agent,
    state: party.leg.isAnswered() ? 'up' : 'ringing',
    ...(levels ? { levels: { received: { ...levels.received }, sent: { ...levels.sent } } } : {}),
  };
}

/** How a party is named in a cause or a transfer record. */
export function partyLabel(party: Party): string {
  return party.role === 'agent' ? `extension ${party.phone}` : `${party.role} ${party.number}`;
}
