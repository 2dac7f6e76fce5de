// What the header and the outbox badge say while the platform is away (issue 23): the phone and the
// platform's API apart, and "all sent" never beside a disposition the platform refused.
import { describe, expect, it } from 'vitest';
import { connectionShown } from '../../../renderer/src/shell/connection-shown';
import { outboxSummary } from '../../../renderer/src/agent/outbox-summary';
import { translate } from '../../../common/i18n';
import { es } from '../../../common/i18n/es';

const api = (state: 'online' | 'offline' | 'unknown') => ({ api: state, detail: null });

describe('the header', () => {
  it.each([
    ['online', 'registered', 'online'],
    ['offline', 'registered', 'api-offline'],
    ['unknown', 'registered', 'online'],
    ['online', 'offline', 'phone-offline'],
    ['offline', 'offline', 'offline'],
    ['online', 'connecting', 'unknown'],
    ['offline', 'connecting', 'offline'],
  ] as const)('API %s, phone %s: %s', (apiState, phone, shown) => {
    expect(connectionShown(api(apiState), phone)).toBe(shown);
  });

  it('a supervisor without a phone sees the API alone', () => {
    expect([connectionShown(api('offline'), null), connectionShown(api('online'), null)]).toEqual(['offline', 'online']);
  });

  it('says the phone still takes calls when only the platform is away, in both languages', () => {
    expect(translate('es', 'connection.api-offline')).toBe('Teléfono conectado · plataforma sin conexión');
    expect(translate('en', 'connection.api-offline')).toBe('Phone connected · platform offline');
  });
});

describe('the outbox badge', () => {
  it.each([
    [0, 0, { sending: 'allSent', parked: null }],
    [0, 1, { sending: null, parked: 'parkedOne' }],
    [0, 3, { sending: null, parked: 'parked' }],
    [1, 0, { sending: 'waitingOne', parked: null }],
    [2, 1, { sending: 'waiting', parked: 'parkedOne' }],
  ] as const)('%i waiting, %i parked', (waiting, parked, summary) => {
    expect(outboxSummary(waiting, parked)).toEqual(summary);
  });

  it('speaks of one parked disposition in the singular, of calificaciones in Spanish', () => {
    expect(translate('es', 'calls.outbox.parkedOne')).toBe('1 calificación necesita atención');
    expect(translate('es', 'calls.outbox.parked', { count: '3' })).toBe('3 calificaciones necesitan atención');
    expect(translate('es', 'calls.parked.title')).toMatch(/^Calificaciones/u);
  });
});

describe('the Spanish words for a disposition', () => {
  it('are "calificación" everywhere the agent reads them, never "tipificación" or "disposición"', () => {
    const others = Object.entries(es).filter(([, text]) => /tipificaci|disposici/iu.test(text));
    expect(others).toEqual([]);
    expect(es['shift.notes.hint']).toBe('Pasan al comentario de la calificación de esta llamada.');
  });
});
