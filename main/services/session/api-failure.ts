// Turns a failure of the Integra client into the typed error the sign-in form
// shows next to the right field. The client's errors carry a `kind`; anything
// else is an unexpected failure.
import { z } from 'zod';
import { IpcFailure, type IpcError } from '../../../common/ipc-contract';

const integraErrorSchema = z.object({ kind: z.string(), message: z.string() });

export type CredentialStep = 'agent' | 'apiUser';

export function toIpcFailure(error: unknown, step: CredentialStep): IpcFailure {
  if (error instanceof IpcFailure) return error;
  const parsed = integraErrorSchema.safeParse(error);
  const kind = parsed.success ? parsed.data.kind : 'unexpected';
  const detail = parsed.success ? parsed.data.message : error instanceof Error ? error.message : String(error);
  return new IpcFailure(describe(kind, detail, step));
}

function describe(kind: string, detail: string, step: CredentialStep): IpcError {
  switch (kind) {
    case 'refused':
      return step === 'agent'
        ? { code: 'wrong-credentials', field: 'password', message: 'The platform refused this agent name and password. Check both and try again.' }
        : { code: 'wrong-credentials', field: 'apiPassword', message: 'The platform refused this API user and password. Check both and try again.' };
    case 'connection':
    case 'timeout':
      return { code: 'instance-unreachable', field: 'instanceUrl', message: `The instance could not be reached. ${detail}` };
    case 'tls':
      return { code: 'tls-failure', field: 'caFile', message: `The instance's certificate is not trusted. ${detail}` };
    case 'http-status':
    case 'bad-response':
      return { code: 'platform-error', message: `The platform answered in an unexpected way. ${detail}` };
    case 'bad-input':
      return { code: 'invalid-request', field: step === 'agent' ? 'agent' : 'apiUser', message: detail };
    default:
      return { code: 'internal', message: `Signing in failed unexpectedly: ${detail}` };
  }
}

/** Whether the failure means the platform could not be reached at all (for connectivity). */
export function isNetworkFailure(failure: IpcFailure): boolean {
  return failure.detail.code === 'instance-unreachable' || failure.detail.code === 'tls-failure';
}
