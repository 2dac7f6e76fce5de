// Opening a call's campaign form: main builds the address from IT's template
// and opens it only when it is https on the template's host; in browser mode
// it hands the checked address to the page.
import { describe, expect, it } from 'vitest';
import { IpcFailure } from '../../../common/ipc-contract';
import { openForm } from '../../../main/services/calls/open-form';

const request = { guid: '824da669', caller: '099123456', campaign: 'Cobranzas->', form: 'cobranzasForm' };

async function refusal(promise: Promise<unknown>): Promise<IpcFailure['detail']> {
  const error: unknown = await promise.then(() => new Error('expected a refusal'), (e: unknown) => e);
  expect(error).toBeInstanceOf(IpcFailure);
  return (error as IpcFailure).detail;
}

describe('openForm', () => {
  it('opens the built address in the system browser (Electron)', async () => {
    const opened: string[] = [];
    const reply = await openForm({ template: () => 'https://crm.example.com/f/{form}?g={guid}&a={agent}', agent: () => 'ana.garcia', openExternal: async (url) => void opened.push(url) }, request);
    expect(reply).toEqual({ url: 'https://crm.example.com/f/cobranzasForm?g=824da669&a=ana.garcia', opened: true });
    expect(opened).toEqual([reply.url]);
  });

  it('hands the checked address to the page in browser mode', async () => {
    expect(await openForm({ template: () => 'https://crm.example.com/f/{form}', agent: () => 'ana' }, request)).toEqual({ url: 'https://crm.example.com/f/cobranzasForm', opened: false });
  });

  it('refuses without a template, with an unsafe one, and when nobody is signed in; opens nothing', async () => {
    const opened: string[] = [];
    const openExternal = async (url: string) => void opened.push(url);
    expect(await refusal(openForm({ template: () => '', agent: () => 'ana', openExternal }, request))).toMatchObject({ say: { key: 'shift.err.noFormAddress' } });
    expect(await refusal(openForm({ template: () => 'http://crm.example.com/{form}', agent: () => 'ana', openExternal }, request))).toMatchObject({ say: { key: 'shift.err.badFormAddress' } });
    expect(await refusal(openForm({ template: () => 'https://{form}.example.com/', agent: () => 'ana', openExternal }, { ...request, form: 'evil' }))).toMatchObject({ say: { key: 'shift.err.badFormAddress' } });
    expect(await refusal(openForm({ template: () => 'https://crm.example.com/{form}', agent: () => null, openExternal }, request))).toMatchObject({ code: 'not-signed-in' });
    expect(opened).toEqual([]);
  });
});
