// A failure main raises itself (not from the API client), said by message key
// (see common/ipc/spoken-error.ts).
import type { MessageKey } from '../../common/i18n';
import { IpcFailure, type IpcErrorCode } from '../../common/ipc-contract';
import { spokenError } from '../../common/ipc/spoken-error';

export function spokenFailure(code: IpcErrorCode, key: MessageKey, params: Record<string, string> = {}, field?: string): IpcFailure {
  return new IpcFailure(spokenError(code, key, params, field));
}
