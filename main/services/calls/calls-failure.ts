// Turns a failure of the Integra client during calls work into the typed
// error the page shows: the operation, the cause in plain words, what to do.
import { z } from 'zod';
import { IpcFailure } from '../../../common/ipc-contract';

const integraErrorSchema = z.object({ kind: z.string(), message: z.string() });

export function toCallsFailure(error: unknown, operation: string, refusal: string): IpcFailure {
  if (error instanceof IpcFailure) return error;
  const parsed = integraErrorSchema.safeParse(error);
  const kind = parsed.success ? parsed.data.kind : 'unexpected';
  const message = parsed.success ? parsed.data.message : error instanceof Error ? error.message : String(error);
  switch (kind) {
    case 'refused':
      return new IpcFailure({ code: 'platform-error', message: refusal });
    case 'bad-input':
      return new IpcFailure({ code: 'invalid-request', message: `${operation}: ${message}` });
    case 'connection':
    case 'timeout':
      return new IpcFailure({ code: 'instance-unreachable', message: `${operation}: the platform could not be reached (${message}). Check the network and try again.` });
    case 'tls':
      return new IpcFailure({ code: 'tls-failure', message: `${operation}: ${message}` });
    case 'not-signed-in':
      return new IpcFailure({ code: 'not-signed-in', message: `${operation}: sign in again.` });
    default:
      return new IpcFailure({ code: 'platform-error', message: `${operation} failed: ${message}` });
  }
}
