// Main's own confirmation of a protected setting the page asks to change
// (issue 21): a native dialog over the app's window, which a compromised page
// can neither draw nor click. Cancel is the default and what Escape does.
import type { BrowserWindow, Dialog, MessageBoxOptions } from 'electron';
import { translate, type Language, type MessageKey } from '../../common/i18n';
import { caSubject } from '../services/session';
import type { ConfirmSettingChange, SettingChange } from '../ipc/setting-guard';

export function settingChangePrompt(language: Language, change: SettingChange, subject: string | null): MessageBoxOptions {
  const t = (key: MessageKey, params: Record<string, string> = {}): string => translate(language, key, params);
  const ca = change.key === 'caFile';
  const detail = ca
    ? [t('confirm.caFile.file', { path: change.to }), ...(subject ? [t('confirm.caFile.subject', { subject })] : []), '', t('confirm.caFile.detail')]
    : [change.to, '', t('confirm.formUrl.detail')];
  return {
    type: 'warning',
    title: t('confirm.title'),
    message: t(ca ? 'confirm.caFile.message' : 'confirm.formUrl.message'),
    detail: detail.join('\n'),
    buttons: [t('confirm.cancel'), t(ca ? 'confirm.caFile.accept' : 'confirm.formUrl.accept')],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
}

export function confirmWithDialog(dialog: Pick<Dialog, 'showMessageBox'>, window: () => BrowserWindow | null, language: () => Language): ConfirmSettingChange {
  return async (change) => {
    const prompt = settingChangePrompt(language(), change, change.key === 'caFile' ? caSubject(change.to) : null);
    const parent = window();
    const { response } = parent ? await dialog.showMessageBox(parent, prompt) : await dialog.showMessageBox(prompt);
    return response === 1;
  };
}
