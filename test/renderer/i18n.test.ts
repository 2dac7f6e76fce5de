// The dictionaries: every key translated, no empty text, and the same
// {placeholders} in both languages.
import { describe, expect, it } from 'vitest';
import { translate } from '../../common/i18n';
import { en, type MessageKey } from '../../common/i18n/en';
import { es } from '../../common/i18n/es';

const keys = Object.keys(en) as MessageKey[];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('ES/EN dictionary', () => {
  it.each(keys)('%s is translated with the same placeholders', (key) => {
    expect(es[key].trim()).not.toBe('');
    expect(en[key].trim()).not.toBe('');
    expect(placeholders(es[key])).toEqual(placeholders(en[key]));
  });

  it('has the same keys in both languages', () => {
    expect(Object.keys(es).sort()).toEqual([...keys].sort());
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('es', 'header.extension', { extension: '1001' })).toBe('Ext. 1001');
    expect(translate('en', 'signedIn.welcome')).toBe('Welcome, {name}.');
  });

  it('translates every error code the contract can return', async () => {
    const { ipcErrorCodeSchema } = await import('../../common/ipc-contract');
    for (const code of ipcErrorCodeSchema.options) {
      expect(Object.keys(en)).toContain(`error.${code}`);
    }
  });
});
