// How the contract travels over the browser host's WebSocket: requests with
// an id, replies with the same id, and events. Each side parses what it
// receives with these schemas.
import { z } from 'zod';

export const wireRequestSchema = z.object({
  type: z.literal('request'),
  id: z.number().int().nonnegative(),
  channel: z.string().max(100),
  payload: z.unknown(),
});
export type WireRequest = z.infer<typeof wireRequestSchema>;

export const wireFromHostSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('reply'), id: z.number().int().nonnegative(), result: z.unknown() }),
  z.object({ type: z.literal('event'), event: z.string(), payload: z.unknown() }),
  /** The browser host's secret, to a page that came in with a one-time code: it reconnects (reloads) with it. */
  z.object({ type: z.literal('welcome'), secret: z.string().regex(/^[0-9a-f]{48}$/u) }),
]);
export type WireFromHost = z.infer<typeof wireFromHostSchema>;

export { BRIDGE_PATH } from './bridge-path';
