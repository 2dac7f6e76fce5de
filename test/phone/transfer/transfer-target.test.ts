// A target becomes a SIP URI at the platform's domain, or a refusal the UI can say, before anything is sent.
import { describe, expect, it } from 'vitest';
import { speak } from '../../../common/i18n/say';
import { PhoneError } from '../../../renderer/src/phone';
import { resolveTarget, type TransferTarget } from '../../../renderer/src/phone/transfer/transfer-target';

const uri = (target: TransferTarget): string => resolveTarget(target, 'pbx.example.com').uri;

function refusal(target: TransferTarget): PhoneError {
  try {
    resolveTarget(target, 'pbx.example.com');
  } catch (error) {
    if (error instanceof PhoneError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('transfer targets', () => {
  it('makes an extension, a campaign (percent-encoded) and a number (digits, leading +) into URIs', () => {
    expect(uri({ kind: 'extension', extension: ' 1002 ' })).toBe('sip:1002@pbx.example.com');
    expect(uri({ kind: 'campaign', campaign: 'Soporte<-' })).toBe('sip:Soporte%3C-@pbx.example.com');
    expect(uri({ kind: 'campaign', campaign: 'Ventas Norte->' })).toBe('sip:Ventas%20Norte-%3E@pbx.example.com');
    expect(uri({ kind: 'campaign', campaign: 'Cobranzas;x=1' })).toBe('sip:Cobranzas%3Bx%3D1@pbx.example.com');
    expect(uri({ kind: 'number', number: '+598 99-123.456' })).toBe('sip:+59899123456@pbx.example.com');
    expect(uri({ kind: 'number', number: '099 123 456' })).toBe('sip:099123456@pbx.example.com');
    expect(resolveTarget({ kind: 'campaign', campaign: 'Soporte<-' }, 'h')).toMatchObject({ user: 'Soporte<-', shown: 'Soporte<-' });
  });

  it('refuses empty and malformed targets with words in both languages', () => {
    expect(refusal({ kind: 'extension', extension: '  ' }).say.key).toBe('phone.err.target.empty');
    expect(refusal({ kind: 'number', number: ' - . ' }).say.key).toBe('phone.err.target.empty');
    expect(refusal({ kind: 'campaign', campaign: '' }).say.key).toBe('phone.err.target.empty');
    expect(refusal({ kind: 'extension', extension: '1002@evil.example.com' }).say.key).toBe('phone.err.target.extension');
    expect(refusal({ kind: 'extension', extension: '10 02' }).say.key).toBe('phone.err.target.extension');
    expect(refusal({ kind: 'number', number: '099*123#' }).say.key).toBe('phone.err.target.number');
    expect(refusal({ kind: 'number', number: '59+8' }).say.key).toBe('phone.err.target.number');
    expect(refusal({ kind: 'number', number: '(099) 123' }).say.key).toBe('phone.err.target.number');
    expect(refusal({ kind: 'campaign', campaign: 'Soporte\u202E<-' }).say.key).toBe('phone.err.target.campaign');
    expect(refusal({ kind: 'campaign', campaign: 'x\uD800' }).say.key).toBe('phone.err.target.campaign');
    expect(refusal({ kind: 'campaign', campaign: 'c'.repeat(129) }).say.key).toBe('phone.err.target.campaign');
    const number = refusal({ kind: 'number', number: '099-abc' });
    expect(speak('en', number.say)).toMatch(/"099-abc" is not one/);
    expect(speak('es', number.say)).toMatch(/"099-abc" no lo es/);
  });
});
