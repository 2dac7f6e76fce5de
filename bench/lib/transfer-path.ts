// One way a customer's call reaches the agents in bench/transfer: through the
// built-in simulator (transfer-via-simulator.ts) or through Kamailio with a
// plain-SIP customer (transfer-via-kamailio.ts). Each round makes one direct
// call to bruno (the baseline) and one blind transfer ana → bruno, and adds
// their timings to the bench's samples under the path's labels.

export interface TransferPath {
  readonly name: 'simulator' | 'kamailio';
  /** The samples' label of the transfer, and of the direct call to bruno it is read against. */
  readonly transferLabel: string;
  readonly directLabel: string;
  /** A customer calls bruno directly; throws when a step never came. */
  direct(n: number): Promise<void>;
  /** A customer calls ana, who transfers the call to bruno, blind; throws when a step never came. */
  transfer(n: number): Promise<void>;
  /** After a failed round: hang up whatever is still up. */
  cleanUp(): Promise<void>;
  /** Stops what the path started (servers, customer). */
  close(): Promise<void>;
}
