// A request whose answer does not come (main hung, or its connection died
// without closing) must not leave the screen waiting forever ("Calling…"):
// past the deadline it ends with an error that says so. The request itself is
// not cancelled; a late answer is ignored.
import type { IpcResult, RequestChannel } from '../../../common/ipc-contract';
import { pageError } from './page-error';

export function withReplyDeadline<T>(reply: Promise<IpcResult<T>>, channel: RequestChannel, deadlineMs: number): Promise<IpcResult<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<IpcResult<T>>((resolve) => {
    timer = setTimeout(() => {
      const seconds = String(Math.round(deadlineMs / 1000));
      resolve({ ok: false, error: pageError('first.err.noReply', { request: channel, seconds }, `The app did not answer within ${seconds} s.`) });
    }, deadlineMs);
  });
  return Promise.race([reply, late]).finally(() => clearTimeout(timer));
}

/** Placing a call: main asks Get Campaigns then Make Call, each bounded by the API client's 15 s; past both and a margin it is lost. */
export const MAKE_CALL_DEADLINE_MS = 40_000;
