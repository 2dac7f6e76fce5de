// Turns a failure of the Integra client during supervisor work into the typed
// error the page shows: the operation, the cause in plain words, what to do.
import { z } from 'zod';
import { IpcFailure, type IpcError } from '../../../common/ipc-contract';

const integraErrorSchema = z.object({ kind: z.string(), message: z.string() });

/** What to say when the platform answered `0` to this operation (it gives no reason). */
export type RefusalHint = string;

export function toSupervisorFailure(error: unknown, refusal: RefusalHint, field?: string): IpcFailure {
  if (error instanceof IpcFailure) return error;
  const parsed = integraErrorSchema.safeParse(error);
  const kind = parsed.success ? parsed.data.kind : 'unexpected';
  const message = parsed.success ? parsed.data.message : error instanceof Error ? error.message : String(error);
  return new IpcFailure(describe(kind, message, refusal, field));
}

function describe(kind: string, message: string, refusal: RefusalHint, field?: string): IpcError {
  const at = field ? { field } : {};
  switch (kind) {
    case 'refused':
      return { code: 'platform-error', message: refusal, ...at };
    case 'bad-input':
      return { code: 'invalid-request', message, ...at };
    case 'connection':
    case 'timeout':
      return { code: 'instance-unreachable', message };
    case 'tls':
      return { code: 'tls-failure', message };
    case 'not-signed-in':
      return { code: 'not-signed-in', message: 'No API user is signed in. Sign out, then sign in again with the API user and password under Advanced.' };
    case 'http-status':
    case 'bad-response':
    case 'aborted':
      return { code: 'platform-error', message };
    default:
      return { code: 'internal', message: `The supervisor operation failed unexpectedly: ${message}` };
  }
}
