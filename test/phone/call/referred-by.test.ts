// Who transferred a call here, from Referred-By: the extension, cleaned and bounded; garbage reads as null.
import { describe, expect, it } from 'vitest';
import { readReferredBy, REFERRED_BY_MAX } from '../../../renderer/src/phone/call/referred-by';

describe('Referred-By', () => {
  it('reads the user part of the URI, in brackets or bare, with or without a name', () => {
    expect(readReferredBy('<sip:1001@pbx.example.com>')).toBe('1001');
    expect(readReferredBy('"Ana" <sip:1001@pbx.example.com;transport=ws>;cid=x')).toBe('1001');
    expect(readReferredBy('sip:agent%3C7@pbx')).toBe('agent<7');
    expect(readReferredBy('"Ana Pérez" <sip:pbx.example.com>')).toBe('Ana Pérez');
  });

  it('cleans what the platform controls and bounds it', () => {
    expect(readReferredBy('<sip:10\u202E01@pbx>')).toBe('1001');
    expect(readReferredBy('<sip:10%E2%80%AE01@pbx>')).toBe('1001');
    expect(readReferredBy('<sip:a%0Ab@pbx>')).toBe('a b');
    expect(readReferredBy(`<sip:${'9'.repeat(5_000)}@pbx>`)).toBeNull();
    expect(readReferredBy(`<sip:${'9'.repeat(500)}@pbx>`)).toHaveLength(REFERRED_BY_MAX);
    expect(readReferredBy('<sip:%zz@pbx>')).toBe('%zz');
  });

  it('reads nothing from an absent or meaningless header', () => {
    for (const header of [undefined, '', 'garbage', '<>', '<sip:@pbx>', '"" <tel:123>']) expect(readReferredBy(header)).toBeNull();
  });
});
