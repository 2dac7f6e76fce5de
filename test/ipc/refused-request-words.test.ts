// A refused request is told in the person's words: the request's name and the
// form's label for the field, in Spanish and English; never the channel
// (`supervisor.createAgent`) or the field's code name (`userName`).
import { describe, expect, it } from 'vitest';
import { en } from '../../common/i18n/en';
import { speak } from '../../common/i18n/say';
import { REQUEST_CHANNELS, type IpcResult, type RequestChannel } from '../../common/ipc-contract';
import { createDispatcher, type RequestHandlers } from '../../main/ipc';

const dispatch = createDispatcher(
  new Proxy({} as RequestHandlers, { get: () => async () => { throw new Error('internal detail'); } }),
  { isTrustedSender: () => true },
);

function spoken(result: IpcResult<unknown>, language: 'es' | 'en'): string {
  if (result.ok || result.error.say === undefined) throw new Error('expected a spoken refusal');
  return speak(language, result.error.say) ?? '';
}

const CODE_NAMES = /supervisor\.|calls\.|session\.|\buserName\b|\bphoneNumber\b|[a-z][A-Z]/;

describe('a refused request, as the person reads it', () => {
  it('Create agent with an empty user name names the form label, in both languages', async () => {
    const result = await dispatch('supervisor.createAgent', { userName: '', fullname: 'Ana', phoneNumber: '1999', password: 'x' }, null);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-request', field: 'userName' } });
    expect(spoken(result, 'en')).toBe('Create agent: the field "User name" is empty. Correct it and try again.');
    expect(spoken(result, 'es')).toBe('Crear agente: el campo "Nombre de usuario" está vacío. Corríjalo y vuelva a intentar.');
    if (!result.ok) expect(result.error.message).not.toMatch(CODE_NAMES);
  });

  it('a malformed phone number says the form is wrong, not the regex', async () => {
    const result = await dispatch('supervisor.createAgent', { userName: 'a', fullname: 'Ana', phoneNumber: 'abc', password: 'x' }, null);
    expect(spoken(result, 'en')).toBe('Create agent: the field "Phone number (extension)" is not in the expected form. Correct it and try again.');
  });

  it('an unexpected failure names the request, not the channel', async () => {
    const result = await dispatch('calls.makeCall', { campaign: 'Manual->', number: '099123456' }, null);
    for (const language of ['es', 'en'] as const) expect(spoken(result, language)).not.toMatch(CODE_NAMES);
    expect(spoken(result, 'en')).toMatch(/^Placing the call failed unexpectedly/);
  });

  it('every request of the contract has a name in the dictionaries', () => {
    const unnamed = REQUEST_CHANNELS.filter((channel: RequestChannel) => !Object.hasOwn(en, `request.${channel}`));
    expect(unnamed).toEqual([]);
  });
});
