/**
 * A tiny explicit state machine: a table of allowed moves; anything else throws,
 * so a bug shows up where it happens instead of as a UI in a state that
 * cannot exist. The states themselves are documented beside each table.
 */
export class IllegalTransitionError extends Error {
  constructor(machine: string, from: string, to: string) {
    super(`${machine}: cannot go from "${from}" to "${to}".`);
    this.name = 'IllegalTransitionError';
  }
}

export type TransitionTable<K extends string> = { readonly [From in K]: readonly K[] };

export function assertTransition<K extends string>(machine: string, table: TransitionTable<K>, from: K, to: K): void {
  if (!table[from].includes(to)) throw new IllegalTransitionError(machine, from, to);
}
