// What the tray shows for the app's state: icon, tooltip (ES/EN) and menu.
// Pure; tray.ts turns it into an Electron Tray and Menu.
//
// Precedence: ringing > in call > offline > signed out > registered. A signed-in
// phone that is not registered (yet, or any more) shows as offline.
import { APP_NAME } from '../../common/app-info';
import { translate, type Language, type MessageKey } from '../../common/i18n';
import type { PhoneCall, RegistrationState } from '../../common/ipc/workstation';
import { asOneLine } from '../../common/untrusted-text';

export type TrayIcon = 'signed-out' | 'registered' | 'ringing' | 'in-call' | 'offline';
export type TrayMenuAction = 'show' | 'answer' | 'hang-up' | 'sign-out' | 'quit';
export type TrayLanguage = Language;

export interface TrayInput {
  readonly signedIn: boolean;
  readonly registration: RegistrationState;
  readonly call: PhoneCall | null;
  /** The platform cannot be reached (e.g. autostarted before the network is up); retries run. */
  readonly offline: boolean;
  readonly language: TrayLanguage;
  /** The agent's extension, shown in the tooltip when registered. */
  readonly extension?: string;
  /** Missed calls not dismissed yet: a trace in the tooltip until the agent has seen them. */
  readonly missed?: number;
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

export function trayStateFor(input: TrayInput): TrayState {
  const t = (key: MessageKey): string => translate(input.language, key);
  const icon = trayIconFor(input);
  // What the page reports comes from the caller: one line, no bidi override (untrusted-text.ts).
  const caller = asOneLine(input.call?.caller ?? '') || t('tray.unknownCaller');
  const campaign = input.call?.campaign ? ` (${asOneLine(input.call.campaign)})` : '';

  let status: string;
  if (icon === 'ringing') status = `${t('tray.ringing')} ${caller}${campaign}`;
  else if (icon === 'in-call') status = `${t('tray.inCall')} ${caller}`;
  else if (icon === 'registered') status = input.extension ? `${t('tray.registered')} · ${input.extension}` : t('tray.registered');
  else if (icon === 'signed-out') status = t('tray.signedOut');
  else if (input.offline) status = t('tray.offline');
  else status = input.registration === 'failed' ? t('tray.phoneFailed') : t('tray.connecting');

  const menu: TrayMenuItem[] = [{ action: 'show', label: t('tray.show') }];
  if (icon === 'ringing') menu.push({ action: 'answer', label: t('tray.answer') }, { action: 'hang-up', label: t('tray.reject') });
  if (icon === 'in-call') menu.push({ action: 'hang-up', label: t('tray.hangUp') });
  if (input.signedIn) menu.push({ action: 'sign-out', label: t('tray.signOut') });
  menu.push({ action: 'quit', label: t('tray.quit') });

  const missed = input.signedIn && (input.missed ?? 0) > 0
    ? ` · ${input.missed === 1 ? t('tray.missedOne') : translate(input.language, 'tray.missed', { count: String(input.missed) })}`
    : '';
  return { icon, tooltip: `${APP_NAME} — ${status}${missed}`, menu };
}

function trayIconFor(input: TrayInput): TrayIcon {
  if (input.signedIn && input.call?.state === 'ringing') return 'ringing';
  if (input.signedIn && input.call?.state === 'in-call') return 'in-call';
  if (input.offline) return 'offline';
  if (!input.signedIn) return 'signed-out';
  return input.registration === 'registered' ? 'registered' : 'offline';
}
