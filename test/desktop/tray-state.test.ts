import { describe, expect, it } from 'vitest';
import type { PhoneCall, RegistrationState } from '../../common/ipc/workstation';
import { trayStateFor, type TrayIcon, type TrayInput } from '../../main/desktop/tray-state';

const ringing: PhoneCall = { id: 'c1', state: 'ringing', caller: '099123456', campaign: 'Soporte<-' };
const talking: PhoneCall = { id: 'c1', state: 'in-call', caller: '099123456', campaign: 'Soporte<-' };

function input(overrides: Partial<TrayInput>): TrayInput {
  return { signedIn: true, registration: 'registered', call: null, offline: false, language: 'en', extension: '1001', ...overrides };
}

describe('trayStateFor: icon', () => {
  const registrations: RegistrationState[] = ['unregistered', 'registering', 'registered', 'failed'];
  it.each([
    [{ signedIn: false, registration: 'unregistered' as const }, 'signed-out'],
    [{ signedIn: true, registration: 'registered' as const }, 'registered'],
    [{ signedIn: true, registration: 'registering' as const }, 'offline'],
    [{ signedIn: true, registration: 'failed' as const }, 'offline'],
    [{ signedIn: true, call: ringing }, 'ringing'],
    [{ signedIn: true, call: talking }, 'in-call'],
    [{ signedIn: true, call: ringing, offline: true }, 'ringing'],
    [{ signedIn: true, call: talking, offline: true }, 'in-call'],
    [{ signedIn: true, offline: true }, 'offline'],
    [{ signedIn: false, offline: true }, 'offline'],
    [{ signedIn: false, call: ringing }, 'signed-out'],
  ] as [Partial<TrayInput>, TrayIcon][])('%j → %s', (overrides, icon) => {
    expect(trayStateFor(input(overrides)).icon).toBe(icon);
  });

  it('gives every combination exactly one of the five icons and always Show and Quit', () => {
    for (const signedIn of [true, false])
      for (const registration of registrations)
        for (const call of [null, ringing, talking])
          for (const offline of [true, false])
            for (const language of ['es', 'en'] as const) {
              const state = trayStateFor({ signedIn, registration, call, offline, language });
              expect(['signed-out', 'registered', 'ringing', 'in-call', 'offline']).toContain(state.icon);
              expect(state.menu[0]?.action).toBe('show');
              expect(state.menu.at(-1)?.action).toBe('quit');
              expect(state.tooltip.startsWith('Agent Softphone — ')).toBe(true);
            }
  });
});

describe('trayStateFor: tooltip and menu', () => {
  it.each([
    [{ signedIn: false }, 'en', 'Agent Softphone — signed out', ['show', 'quit']],
    [{ signedIn: false }, 'es', 'Agent Softphone — sesión cerrada', ['show', 'quit']],
    [{}, 'en', 'Agent Softphone — ready · 1001', ['show', 'sign-out', 'quit']],
    [{}, 'es', 'Agent Softphone — disponible · 1001', ['show', 'sign-out', 'quit']],
    [{ offline: true }, 'en', 'Agent Softphone — offline — retrying', ['show', 'sign-out', 'quit']],
    [{ offline: true, signedIn: false }, 'es', 'Agent Softphone — sin conexión — reintentando', ['show', 'quit']],
    [{ registration: 'registering' }, 'en', 'Agent Softphone — connecting the phone…', ['show', 'sign-out', 'quit']],
    [{ registration: 'failed' }, 'es', 'Agent Softphone — teléfono no registrado — abra la aplicación para ver por qué', ['show', 'sign-out', 'quit']],
    [{ call: ringing }, 'en', 'Agent Softphone — incoming call from 099123456 (Soporte<-)', ['show', 'answer', 'hang-up', 'sign-out', 'quit']],
    [{ call: ringing }, 'es', 'Agent Softphone — llamada entrante de 099123456 (Soporte<-)', ['show', 'answer', 'hang-up', 'sign-out', 'quit']],
    [{ call: { ...ringing, caller: ' ', campaign: null } }, 'en', 'Agent Softphone — incoming call from unknown number', ['show', 'answer', 'hang-up', 'sign-out', 'quit']],
    [{ call: talking }, 'en', 'Agent Softphone — in a call with 099123456', ['show', 'hang-up', 'sign-out', 'quit']],
    [{ call: talking }, 'es', 'Agent Softphone — en llamada con 099123456', ['show', 'hang-up', 'sign-out', 'quit']],
  ] as [Partial<TrayInput>, 'es' | 'en', string, string[]][])('%j in %s', (overrides, language, tooltip, actions) => {
    const state = trayStateFor(input({ ...overrides, language }));
    expect(state.tooltip).toBe(tooltip);
    expect(state.menu.map((item) => item.action)).toEqual(actions);
  });

  it('labels a ringing call\'s hang-up as Reject / Rechazar', () => {
    expect(trayStateFor(input({ call: ringing })).menu.find((i) => i.action === 'hang-up')?.label).toBe('Reject');
    expect(trayStateFor(input({ call: ringing, language: 'es' })).menu.map((i) => i.label)).toEqual(['Mostrar', 'Contestar', 'Rechazar', 'Cerrar sesión', 'Salir']);
  });
});

describe('missed calls in the tray', () => {
  const base = { signedIn: true, registration: 'registered' as const, call: null, offline: false, extension: '1001' };
  it('says how many missed calls wait to be seen, in the language, while signed in', () => {
    expect(trayStateFor({ ...base, language: 'es', missed: 3 }).tooltip).toMatch(/3 llamadas perdidas$/u);
    expect(trayStateFor({ ...base, language: 'en', missed: 1 }).tooltip).toMatch(/1 missed call$/u);
    expect(trayStateFor({ ...base, language: 'en', missed: 0 }).tooltip).not.toMatch(/missed/u);
    expect(trayStateFor({ ...base, signedIn: false, language: 'en', missed: 2 }).tooltip).not.toMatch(/missed/u);
  });
});
