// Turns a failure of the Integra client during supervisor work into the typed
// error the page shows: the operation, the cause in plain words, what to do;
// `say` carries the same text as a message key for the page's language.
import { english, type Say, type Spoken } from '../../../common/i18n/say';
import { IpcFailure, type IpcError } from '../../../common/ipc-contract';
import { readClientFailure, refusalSaid } from '../integra-cause';

/** What to say when the platform answered `0` to this operation (it gives no reason): a message key. */
export type RefusalHint = Spoken;

export function toSupervisorFailure(error: unknown, refusal: RefusalHint, field?: string): IpcFailure {
  if (error instanceof IpcFailure) return error;
  const { kind, message, cause } = readClientFailure(error);
  return new IpcFailure(describe(kind, message, refusalSaid(error, refusal), cause, field));
}

function describe(kind: string, message: string, refusal: Say, cause: Spoken | undefined, field?: string): IpcError {
  const at = field ? { field } : {};
  const said = cause === undefined ? {} : { say: cause };
  switch (kind) {
    case 'refused':
      return { code: 'platform-error', message: english(refusal), say: refusal, ...at };
    case 'bad-input':
      return { code: 'invalid-request', message, ...said, ...at };
    case 'connection':
    case 'timeout':
      return { code: 'instance-unreachable', message, ...said };
    case 'tls':
      return { code: 'tls-failure', message, ...said };
    case 'not-signed-in': {
      const say = { key: 'sup.err.notSignedIn', params: {} };
      return { code: 'not-signed-in', message: english(say), say };
    }
    case 'http-status':
    case 'bad-response':
    case 'aborted':
      return { code: 'platform-error', message, ...said };
    default:
      return { code: 'internal', message: `The supervisor operation failed unexpectedly: ${message}` };
  }
}
