// A failure main raises itself (not from the API client), said by message key:
// `message` is the key's English (for logs and the CLI), `say` lets the page
// speak it in the user's language.
import type { MessageKey } from '../../common/i18n';
import { english } from '../../common/i18n/say';
import { IpcFailure, type IpcErrorCode } from '../../common/ipc-contract';

export function spokenFailure(code: IpcErrorCode, key: MessageKey, params: Record<string, string> = {}, field?: string): IpcFailure {
  const say = { key, params };
  return new IpcFailure({ code, message: english(say), say, ...(field === undefined ? {} : { field }) });
}
