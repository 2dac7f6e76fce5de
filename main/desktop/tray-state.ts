// What the tray shows for the app's state: icon, tooltip (ES/EN) and menu.
// Pure; tray.ts turns it into an Electron Tray and Menu.
//
// Precedence: ringing > in call > offline > signed out > registered. A signed-in
// phone that is not registered (yet, or any more) shows as offline.
import { APP_NAME } from '../../common/app-info';
import type { PhoneCall, RegistrationState } from '../../common/ipc/workstation';

export type TrayIcon = 'signed-out' | 'registered' | 'ringing' | 'in-call' | 'offline';
export type TrayMenuAction = 'show' | 'answer' | 'hang-up' | 'sign-out' | 'quit';
export type TrayLanguage = 'es' | 'en';

export interface TrayInput {
  readonly signedIn: boolean;
  readonly registration: RegistrationState;
  readonly call: PhoneCall | null;
  /** The platform cannot be reached (e.g. autostarted before the network is up); retries run. */
  readonly offline: boolean;
  readonly language: TrayLanguage;
  /** The agent's extension, shown in the tooltip when registered. */
  readonly extension?: string;
}

export interface TrayMenuItem {
  readonly action: TrayMenuAction;
  readonly label: string;
}

export interface TrayState {
  readonly icon: TrayIcon;
  readonly tooltip: string;
  readonly menu: readonly TrayMenuItem[];
}

const TEXT = {
  en: {
    'signed-out': 'signed out',
    registered: 'ready',
    ringing: 'incoming call from',
    'in-call': 'in a call with',
    offline: 'offline — retrying',
    connecting: 'connecting the phone…',
    phoneFailed: 'phone not registered — retrying',
    show: 'Show',
    answer: 'Answer',
    reject: 'Reject',
    'hang-up': 'Hang up',
    'sign-out': 'Sign out',
    quit: 'Quit',
    unknownCaller: 'unknown number',
  },
  es: {
    'signed-out': 'sesión cerrada',
    registered: 'disponible',
    ringing: 'llamada entrante de',
    'in-call': 'en llamada con',
    offline: 'sin conexión — reintentando',
    connecting: 'conectando el teléfono…',
    phoneFailed: 'teléfono no registrado — reintentando',
    show: 'Mostrar',
    answer: 'Contestar',
    reject: 'Rechazar',
    'hang-up': 'Colgar',
    'sign-out': 'Cerrar sesión',
    quit: 'Salir',
    unknownCaller: 'número desconocido',
  },
} as const;

export function trayStateFor(input: TrayInput): TrayState {
  const t = TEXT[input.language];
  const icon = trayIconFor(input);
  const caller = input.call?.caller.trim() || t.unknownCaller;
  const campaign = input.call?.campaign ? ` (${input.call.campaign})` : '';

  let status: string;
  if (icon === 'ringing') status = `${t.ringing} ${caller}${campaign}`;
  else if (icon === 'in-call') status = `${t['in-call']} ${caller}`;
  else if (icon === 'registered') status = input.extension ? `${t.registered} · ${input.extension}` : t.registered;
  else if (icon === 'signed-out') status = t['signed-out'];
  else if (input.offline) status = t.offline;
  else status = input.registration === 'failed' ? t.phoneFailed : t.connecting;

  const menu: TrayMenuItem[] = [{ action: 'show', label: t.show }];
  if (icon === 'ringing') menu.push({ action: 'answer', label: t.answer }, { action: 'hang-up', label: t.reject });
  if (icon === 'in-call') menu.push({ action: 'hang-up', label: t['hang-up'] });
  if (input.signedIn) menu.push({ action: 'sign-out', label: t['sign-out'] });
  menu.push({ action: 'quit', label: t.quit });

  return { icon, tooltip: `${APP_NAME} — ${status}`, menu };
}

function trayIconFor(input: TrayInput): TrayIcon {
  if (input.signedIn && input.call?.state === 'ringing') return 'ringing';
  if (input.signedIn && input.call?.state === 'in-call') return 'in-call';
  if (input.offline) return 'offline';
  if (!input.signedIn) return 'signed-out';
  return input.registration === 'registered' ? 'registered' : 'offline';
}
