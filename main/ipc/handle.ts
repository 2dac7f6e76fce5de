// The single typed entry point for every request from the renderer, whatever
// carries it (Electron IPC or the browser host's WebSocket): check the sender,
// parse the payload from unknown with the contract's schema, call the
// service, and answer `{ ok, value }` or `{ ok: false, error }`. Never throws.
import type { z } from 'zod';
import { spokenError as spoken } from '../../common/ipc/spoken-error';
import { fieldLabel, fieldProblem } from './request-words';
import {
  clipSaid,
  IpcFailure,
  isRequestChannel,
  requestSchemas,
  SAY_PARAM_MAX,
  type IpcError,
  type IpcResult,
  type ReplyOf,
  type RequestChannel,
  type RequestOf,
} from '../../common/ipc-contract';

export type RequestHandler<C extends RequestChannel> = (payload: RequestOf<C>) => Promise<ReplyOf<C>>;
export type RequestHandlers = { [C in RequestChannel]: RequestHandler<C> };

export interface DispatchOptions<Sender> {
  /** Our own window's main frame and origin (Electron), or an authenticated socket (browser host). */
  isTrustedSender: (sender: Sender) => boolean;
  /** Told about unexpected failures (for the log); the renderer only sees a plain message. */
  onUnexpectedError?: (channel: string, error: unknown) => void;
}

export type Dispatch<Sender> = (channel: unknown, payload: unknown, sender: Sender) => Promise<IpcResult<unknown>>;

export function createDispatcher<Sender>(handlers: RequestHandlers, options: DispatchOptions<Sender>): Dispatch<Sender> {
  return async (channel, payload, sender) => {
    if (!isRequestChannel(channel)) {
      return failure(spoken('unknown-channel', 'ipc.err.unknownChannel', { channel: String(channel).slice(0, 80) }));
    }
    if (!safeTrust(options, sender)) {
      return failure(spoken('forbidden-sender', 'ipc.err.forbiddenSender', { channel }));
    }
    const parsed = requestSchemas[channel].request.safeParse(payload);
    if (!parsed.success) return failure(invalidRequest(channel, parsed.error));
    try {
      const value = await callHandler(handlers, channel, parsed.data);
      return { ok: true, value };
    } catch (error) {
      if (error instanceof IpcFailure) return failure(error.detail);
      options.onUnexpectedError?.(channel, error);
      return failure(spoken('internal', 'first.err.internal', { request: channel }));
    }
  };
}

function callHandler<C extends RequestChannel>(handlers: RequestHandlers, channel: C, payload: RequestOf<C>): Promise<ReplyOf<C>> {
  const handler: RequestHandler<C> = handlers[channel];
  return handler(payload);
}

function safeTrust<Sender>(options: DispatchOptions<Sender>, sender: Sender): boolean {
  try {
    return options.isTrustedSender(sender);
  } catch {
    return false;
  }
}

/** Every error leaves within the bounds the page reads it with: a parameter quoted from outside is cut, not a reason to refuse the answer. */
function failure(error: IpcError): IpcResult<never> {
  return { ok: false, error: error.say === undefined ? error : { ...error, say: clipSaid(error.say, SAY_PARAM_MAX) } };
}

/** Names the first failing field by its form label and says what was wrong with it, in plain words (no channel or code names). */
function invalidRequest(channel: RequestChannel, error: z.ZodError): IpcError {
  const issue = error.issues[0];
  const field = issue?.path.filter((part) => typeof part === 'string').at(-1);
  return field === undefined
    ? spoken('invalid-request', 'first.err.invalidRequest', { request: channel })
    : spoken('invalid-request', 'first.err.invalidField', { request: channel, label: fieldLabel(channel, field), fieldProblem: fieldProblem(issue) }, field);
}
