// Tokens issued by the two authentication operations. Either kind is accepted
// on every authorized operation (the spec shows no permission levels).
import { randomBytes } from 'node:crypto';
import type { TokenEntry } from './records';

export class TokenStore {
  readonly #tokens = new Map<string, TokenEntry>();

  issue(kind: TokenEntry['kind'], subject: string): TokenEntry {
    // 24 random bytes as base64: "base64-looking text" as the spec says.
    const entry: TokenEntry = { token: randomBytes(24).toString('base64'), kind, subject, issuedAt: new Date().toISOString() };
    this.#tokens.set(entry.token, entry);
    return entry;
  }

  find(token: string): TokenEntry | undefined {
    return this.#tokens.get(token);
  }

  /** Every token issued so far stops working (the `expired-token` fault). */
  revokeAll(): void {
    this.#tokens.clear();
  }

  all(): TokenEntry[] {
    return [...this.#tokens.values()];
  }
}
