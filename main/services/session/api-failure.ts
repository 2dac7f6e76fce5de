// Turns a failure of the Integra client into the typed error the sign-in form
// shows next to the right field. The client's errors carry a `kind`; anything
// else is an unexpected failure. `say` carries the same text as a message key
// for the page to show in the user's language.
import { english, type Say, type Spoken } from '../../../common/i18n/say';
import { IpcFailure, type IpcError } from '../../../common/ipc-contract';
import { readClientFailure } from '../integra-cause';

export type CredentialStep = 'agent' | 'apiUser';

export function toIpcFailure(error: unknown, step: CredentialStep): IpcFailure {
  if (error instanceof IpcFailure) return error;
  const { kind, message: detail, cause } = readClientFailure(error);
  return new IpcFailure(describe(kind, detail, step, cause));
}

/** `key` with the client's cause inside, when the cause can be spoken. */
const withCause = (key: string, cause: Spoken | undefined): { say?: Say } => (cause === undefined ? {} : { say: { key, params: {}, cause } });

function describe(kind: string, detail: string, step: CredentialStep, cause: Spoken | undefined): IpcError {
  switch (kind) {
    case 'refused': {
      // Refused again right after the app signed in anew (Log Out at sign-out): the session, not the password.
      if (cause !== undefined) return { code: 'platform-error', message: english(cause), say: cause };
      const say: Say = { key: step === 'agent' ? 'signIn.err.refusedAgent' : 'signIn.err.refusedApiUser', params: {} };
      return { code: 'wrong-credentials', field: step === 'agent' ? 'password' : 'apiPassword', message: english(say), say };
    }
    case 'connection':
    case 'timeout':
      return { code: 'instance-unreachable', field: 'instanceUrl', message: `The instance could not be reached. ${detail}`, ...withCause('signIn.err.unreachable', cause) };
    case 'tls':
      return { code: 'tls-failure', field: 'caFile', message: `The instance's certificate is not trusted. ${detail}`, ...withCause('signIn.err.tls', cause) };
    case 'http-status':
    case 'bad-response':
      return { code: 'platform-error', message: `The platform answered in an unexpected way. ${detail}`, ...withCause('signIn.err.platform', cause) };
    case 'bad-input':
      return { code: 'invalid-request', field: step === 'agent' ? 'agent' : 'apiUser', message: detail, ...(cause === undefined ? {} : { say: cause }) };
    default:
      return { code: 'internal', message: `Signing in failed unexpectedly: ${detail}` };
  }
}

/** Whether the failure means the platform could not be reached at all (for connectivity). */
export function isNetworkFailure(failure: IpcFailure): boolean {
  return failure.detail.code === 'instance-unreachable' || failure.detail.code === 'tls-failure';
}
