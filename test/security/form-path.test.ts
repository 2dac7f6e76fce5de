// Issue 21, point 6: a CTI or caller value `..` climbed the form template's
// path (`/forms/{form}` with form `..` → `/`), so a hostile platform answer or
// caller could open any page of IT's CRM host. Placeholders in a path segment
// must not be `.` or `..` after decoding: main refuses to open such an address.
import { describe, expect, it } from 'vitest';
import { buildFormUrl } from '../../common/domain/form-url';
import { IpcFailure } from '../../common/ipc-contract';
import { openForm } from '../../main/services/calls/open-form';

const values = { guid: 'g-1', caller: '099123', campaign: 'Cobranzas->', form: 'cobranzasForm', agent: 'ana.garcia' };
const TEMPLATE = 'https://crm.example.com/forms/{form}/call/{guid}?from={caller}';

describe('a call value never climbs the form address path', () => {
  it.each(['..', '.', '%2e%2e', '%2E.', '.%2e', '%2e'])('refuses form %j', (form) => {
    // '%2e' reaches the template encoded as '%252e': harmless, and kept as it is.
    const built = buildFormUrl(TEMPLATE, { ...values, form });
    if (form.includes('%')) {
      expect(built.ok).toBe(true);
      if (built.ok) expect(new URL(built.url).pathname.startsWith('/forms/')).toBe(true);
    } else {
      expect(built).toEqual({ ok: false, problem: 'path-changed' });
    }
  });

  it('refuses `..` in any placeholder in the path, and keeps it where it cannot climb (the query)', () => {
    expect(buildFormUrl(TEMPLATE, { ...values, guid: '..' })).toEqual({ ok: false, problem: 'path-changed' });
    expect(buildFormUrl('https://crm.example.com/{campaign}/{form}', { ...values, campaign: '..', form: '..' })).toEqual({ ok: false, problem: 'path-changed' });
    const inQuery = buildFormUrl(TEMPLATE, { ...values, caller: '..' });
    expect(inQuery).toEqual({ ok: true, url: 'https://crm.example.com/forms/cobranzasForm/call/g-1?from=..' });
  });

  it('main opens nothing and says the call data is at fault', async () => {
    const opened: string[] = [];
    const deps = { template: () => TEMPLATE, agent: () => 'ana.garcia', openExternal: async (url: string) => void opened.push(url) };
    const failure = await openForm(deps, { guid: 'g-1', caller: '099', campaign: 'C', form: '..' }).then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(IpcFailure);
    expect((failure as IpcFailure).detail.say?.key).toBe('shift.err.formValueRefused');
    expect(opened).toEqual([]);
    await openForm(deps, { guid: 'g-1', caller: '099', campaign: 'C', form: 'cobranzasForm' });
    expect(opened).toEqual(['https://crm.example.com/forms/cobranzasForm/call/g-1?from=099']);
  });
});
