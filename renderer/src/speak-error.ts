// The text of an error from main in a language: its message key when main
// sent one the page knows, its English message otherwise. Pure (no React) so
// it is tested on its own; the page uses it through useErrorText().
import { speakIn, type Dictionary } from '../../common/i18n/dictionary';
import type { IpcError } from '../../common/ipc-contract';

export function errorText(dictionary: Dictionary, error: Pick<IpcError, 'message' | 'say'>): string {
  return (error.say === undefined ? undefined : speakIn(dictionary, error.say)) ?? error.message;
}
