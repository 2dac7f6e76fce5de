// An error from main in the user's language: its message key when main sent
// one the page knows, its English message otherwise.
import { useCallback } from 'react';
import { speak } from '../../common/i18n/say';
import type { IpcError } from '../../common/ipc-contract';
import { useLanguage } from './i18n';

export type ErrorText = (error: Pick<IpcError, 'message' | 'say'>) => string;

export function useErrorText(): ErrorText {
  const { language } = useLanguage();
  return useCallback((error) => (error.say === undefined ? undefined : speak(language, error.say)) ?? error.message, [language]);
}
