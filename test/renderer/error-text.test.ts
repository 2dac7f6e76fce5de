// The page's error text: `say` in the chosen language, the English message
// when there is no `say` or the page does not know its key.
import { describe, expect, it } from 'vitest';
import type { IpcError } from '../../common/ipc-contract';
import { toIpcFailure } from '../../main/services/session/api-failure';
import { mapFailure } from '../../main/api/transport-errors';
import { en } from '../../common/i18n/en';
import { es } from '../../common/i18n/es';
import { errorText } from '../../renderer/src/speak-error';

const refused = mapFailure(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }), {
  operation: 'agentLogin', timedOut: false, timeoutMs: 15_000, callerAborted: false, secrets: [],
});
const unreachable: IpcError = toIpcFailure(refused, 'agent').detail;

describe('errorText', () => {
  it('speaks `say` in the chosen language', () => {
    expect(errorText(es, unreachable)).toBe('No se pudo conectar con la instancia. Autenticación de agente: se rechazó la conexión (nada escucha en esa dirección). Revise la red y la dirección de la instancia, y vuelva a intentar.');
    expect(errorText(en, unreachable)).toBe(unreachable.message);
    expect(unreachable.message).toBe('The instance could not be reached. Agent Authentication: the connection was refused (nothing listens at that address). Check the network and the base URL, then try again.');
  });

  it('falls back to the English message without `say` or with a key it does not know', () => {
    expect(errorText(es, { message: 'Plain English.' })).toBe('Plain English.');
    expect(errorText(es, { message: 'Plain English.', say: { key: 'no.such.key', params: {} } })).toBe('Plain English.');
    expect(errorText(es, { message: 'Plain English.', say: { key: 'signIn.err.unreachable', params: {}, cause: { key: 'gone', params: {} } } })).toBe('Plain English.');
  });
});
