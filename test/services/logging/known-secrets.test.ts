// The two pools of known secrets: held ones are never evicted; remembered ones
// leave oldest first once their forms pass the budget, so memory stays bounded.
import { afterEach, describe, expect, it } from 'vitest';
import { forgetSecret, holdSecrets, knownSecretsFootprint, RECENT_BUDGET, redactText, rememberSecret } from '../../../main/services/logging';

const removed = (secret: string) => !redactText(`x ${secret} y`).includes(secret);
const flood = (count: number) => {
  for (let i = 0; i < count; i += 1) rememberSecret(`flood secret number ${i}`);
};

afterEach(() => holdSecrets('session', []));

describe('known secrets', () => {
  it('keep the remembered pool within its budget, dropping the oldest first', () => {
    rememberSecret('oldest remembered');
    flood(1_000);
    expect(knownSecretsFootprint().remembered).toBeLessThanOrEqual(RECENT_BUDGET);
    expect(removed('oldest remembered')).toBe(false);
    expect(removed('flood secret number 999')).toBe(true);
  });

  it('never evict a held secret, and count it apart from the budget', () => {
    holdSecrets('session', ['held password words']);
    flood(1_000);
    expect(removed('held password words')).toBe(true);
    expect(knownSecretsFootprint().held).toBeGreaterThan(0);
  });

  it('remember what a holder lets go: removed at once, evictable from then on', () => {
    holdSecrets('session', ['first token words', 'kept password words']);
    holdSecrets('session', ['second token words', 'kept password words']);
    expect(removed('first token words')).toBe(true);
    flood(1_000);
    expect(removed('first token words')).toBe(false);
    expect(removed('kept password words')).toBe(true);
    expect(removed('second token words')).toBe(true);
  });

  it('stop removing a secret once forgotten, held or not', () => {
    holdSecrets('session', ['held then forgotten']);
    forgetSecret('held then forgotten');
    expect(removed('held then forgotten')).toBe(false);
  });

  it('ignore values too short to be told from ordinary text', () => {
    holdSecrets('session', ['abc', '', null, undefined]);
    expect(redactText('abc')).toBe('abc');
  });
});
