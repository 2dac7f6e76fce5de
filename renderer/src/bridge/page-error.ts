// An error the page makes itself (main did not answer, the bridge closed),
// said by message key like main's. Its `message`, the log's fallback, is a
// short English sentence written here: the page has no English table at
// start (it loads only the language it shows, issue 23).
import type { MessageKey } from '../../../common/i18n';
import type { IpcError } from '../../../common/ipc-contract';

export function pageError(key: MessageKey, params: Record<string, string>, message: string): IpcError {
  return { code: 'internal', message, say: { key, params } };
}
