/**
 * What a three-way call needs from an audio mixer, as a port: the browser's
 * is audio-mixer.ts (Web Audio); the phone makes one per conference and
 * closes it when the conference ends.
 */
import type { ConferenceMedia } from '../media/call-media';
import type { SendOverride } from '../media/send-override';

/** Which of the two calls: 0 the customer's, 1 the consultation. */
export type PartyIndex = 0 | 1;

export interface ConferenceMixer {
  /** Each party hears the agent and the other party: what each call sends instead of its microphone. */
  mix(parties: readonly [ConferenceMedia, ConferenceMedia]): readonly [SendOverride, SendOverride];
  /** Whether a party's voice goes to the other party. */
  setPartyHeard(party: PartyIndex, heard: boolean): void;
  /** Stops every track it made and closes its audio context. */
  close(): void;
}
