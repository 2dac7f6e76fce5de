import { describe, expect, it } from 'vitest';
import { buildFormUrl, checkFormTemplate } from '../../common/domain/form-url';

const values = { guid: '824da669-2239', caller: '+598 99 123', campaign: 'Cobranzas->', form: 'cobranzasForm', agent: 'ana.garcia' };

describe('the campaign form address', () => {
  it('fills every placeholder percent-encoded', () => {
    expect(buildFormUrl('https://crm.example.com/forms/{form}?call={guid}&from={caller}&c={campaign}&a={agent}', values)).toEqual({
      ok: true,
      url: 'https://crm.example.com/forms/cobranzasForm?call=824da669-2239&from=%2B598%2099%20123&c=Cobranzas-%3E&a=ana.garcia',
    });
  });

  it.each(['/', '?', '#', '@evil.example', '../../admin', 'x/../../y', 'ñandú ☎', 'a'.repeat(5000)])('keeps a hostile value inside its place: %j', (form) => {
    const built = buildFormUrl('https://crm.example.com/forms/{form}', { ...values, form });
    expect(built.ok).toBe(true);
    if (built.ok) {
      const url = new URL(built.url);
      expect(url.host).toBe('crm.example.com');
      expect(url.pathname.startsWith('/forms/')).toBe(true);
      expect(url.pathname.split('/').length).toBe(3);
      expect(url.hash).toBe('');
    }
  });

  it.each([
    ['http://crm.example.com/{form}', 'not-https'],
    ['javascript:alert({guid})', 'not-https'],
    ['file:///etc/{form}', 'not-https'],
    ['https://user:pw@crm.example.com/{form}', 'not-https'],
    ['{form}', 'not-an-address'],
    ['not a url', 'not-an-address'],
  ])('refuses %s (%s)', (template, problem) => {
    expect(checkFormTemplate(template)).toEqual({ ok: false, problem });
  });

  it('refuses a value that would move the host (a placeholder in the host)', () => {
    expect(buildFormUrl('https://{form}.example.com/x', { ...values, form: 'evil' })).toEqual({ ok: false, problem: 'host-changed' });
    expect(buildFormUrl('https://{form}.example.com/x', { ...values, form: 'evil.com/' }).ok).toBe(false);
  });
});
