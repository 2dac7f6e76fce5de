// An error said by message key: `message` is the key's English (for logs and
// the CLI), `say` lets the page speak it in the user's language.
import type { MessageKey } from '../i18n';
import { english } from '../i18n/say';
import type { IpcError, IpcErrorCode } from './result';

export function spokenError(code: IpcErrorCode, key: MessageKey, params: Record<string, string> = {}, field?: string): IpcError {
  const say = { key, params };
  return { code, message: english(say), say, ...(field === undefined ? {} : { field }) };
}
