// Turns a failure of the Integra client during calls work into the typed
// error the page shows: the operation, the cause in plain words, what to do;
// `say` carries the same text as a message key for the page's language.
import { english, type Spoken } from '../../../common/i18n/say';
import { IpcFailure } from '../../../common/ipc-contract';
import { operationTitle, type OperationId } from '../../api/index';
import { integraReason, readClientFailure, refusalSaid } from '../integra-cause';

export function toCallsFailure(error: unknown, operation: OperationId, refusal: Spoken): IpcFailure {
  if (error instanceof IpcFailure) return error;
  const { kind, message, cause } = readClientFailure(error);
  const title = operationTitle(operation);
  switch (kind) {
    case 'refused': {
      const say = refusalSaid(error, refusal);
      return new IpcFailure({ code: 'platform-error', message: english(say), say });
    }
    // The client's own message already names the operation.
    case 'bad-input':
      return new IpcFailure({ code: 'invalid-request', message, ...(cause === undefined ? {} : { say: cause }) });
    case 'connection':
    case 'timeout': {
      // Named after what the agent did, with the cause alone: the client's own text names its operation and advice again.
      const reason = integraReason(error) ?? cause;
      const say = reason === undefined ? undefined : { key: 'calls.err.unreachable', params: { operation }, cause: reason };
      return new IpcFailure({
        code: 'instance-unreachable',
        message: say ? english(say) : `${title}: the platform could not be reached (${message}). Check the network and try again.`,
        ...(say === undefined ? {} : { say }),
      });
    }
    case 'tls':
      return new IpcFailure({ code: 'tls-failure', message, ...(cause === undefined ? {} : { say: cause }) });
    case 'not-signed-in': {
      const say = { key: 'calls.err.signInAgain', params: { operation } };
      return new IpcFailure({ code: 'not-signed-in', message: english(say), say });
    }
    default:
      return new IpcFailure({ code: 'platform-error', message: `${title} failed: ${message}` });
  }
}
