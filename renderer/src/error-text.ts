// An error from main in the user's language (see speak-error.ts), following a
// language change while the error is shown.
import { useCallback } from 'react';
import type { IpcError } from '../../common/ipc-contract';
import { useLanguage } from './i18n';
import { errorText } from './speak-error';

export type ErrorText = (error: Pick<IpcError, 'message' | 'say'>) => string;

export function useErrorText(): ErrorText {
  const { dictionary } = useLanguage();
  return useCallback((error) => errorText(dictionary, error), [dictionary]);
}
