// What a control route receives and answers. Bodies are JSON unless a route streams.
import type { Readable } from 'node:stream';

export interface ControlRequest {
  method: string;
  /** the path without the query, e.g. /__sim/calls/abc */
  path: string;
  /** `:name` segments of the route's path */
  params: Record<string, string>;
  query: URLSearchParams;
  /** the parsed JSON body, or undefined when there was none */
  body: unknown;
}

/** `afterSend` runs once the answer has left (or the client went away): for routes that take the server down. */
export type ControlReply = (
  | { status?: number; json: unknown }
  | { status?: number; text: string; contentType?: string }
  | { status?: number; stream: Readable; contentType?: string }
) & { afterSend?: () => void };

export type ControlHandler = (request: ControlRequest) => ControlReply | Promise<ControlReply>;
