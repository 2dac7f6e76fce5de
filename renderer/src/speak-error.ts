// The text of an error from main in a language: its message key when main
// sent one the page knows, its English message otherwise. Pure (no React) so
// it is tested on its own; the page uses it through useErrorText().
import type { Language } from '../../common/i18n';
import { speak } from '../../common/i18n/say';
import type { IpcError } from '../../common/ipc-contract';

export function errorText(language: Language, error: Pick<IpcError, 'message' | 'say'>): string {
  return (error.say === undefined ? undefined : speak(language, error.say)) ?? error.message;
}
