// The ONE place that says what the renderer may ask of main and what main
// pushes to the renderer: channel names, a zod schema for every request,
// reply and event, and the types derived from them. Later work adds its
// channels by adding a `common/ipc/<area>.ts` and spreading it in below (and
// its names in `common/ipc/channels.ts`; the checks at the end keep both equal).
import type { z } from 'zod';
import type { EventChannel, RequestChannel } from './ipc/channels';
import { sessionRequests, connectivitySchema, sessionRenewalSchema, sessionViewSchema } from './ipc/session';
import { settingsRequests, settingsViewSchema } from './ipc/settings';
import { supervisorEvents, supervisorRequests } from './ipc/supervisor';
import { callsEvents, callsRequests } from './ipc/calls';
import { workstationEvents, workstationRequests } from './ipc/workstation';
import { phoneEvents, phoneRequests } from './ipc/phone';

export * from './ipc/channels';
export * from './ipc/result';
export * from './ipc/session';
export * from './ipc/settings';
export * from './ipc/supervisor';
export * from './ipc/token-policy';
export * from './ipc/calls';
export * from './ipc/call-quality';
export * from './ipc/sip-trace';
export * from './ipc/shift-check';
export * from './ipc/workstation';
export * from './ipc/phone';
export * from './ipc/live-call';
export * from './ipc/wire';

export const requestSchemas = {
  ...settingsRequests,
  ...sessionRequests,
  ...supervisorRequests,
  ...callsRequests,
  ...workstationRequests,
  ...phoneRequests,
} as const;

export const eventSchemas = {
  'session.changed': sessionViewSchema,
  'session.renewal': sessionRenewalSchema,
  'connectivity.changed': connectivitySchema,
  'settings.changed': settingsViewSchema,
  ...supervisorEvents,
  ...callsEvents,
  ...workstationEvents,
  ...phoneEvents,
} as const;

export type RequestOf<C extends RequestChannel> = z.infer<(typeof requestSchemas)[C]['request']>;
export type ReplyOf<C extends RequestChannel> = z.infer<(typeof requestSchemas)[C]['reply']>;
export type EventOf<E extends EventChannel> = z.infer<(typeof eventSchemas)[E]>;

/**
 * What the renderer gets from main, over either transport. The preload
 * exposes exactly this as `window.softphone`.
 */
export interface SoftphoneBridge {
  invoke<C extends RequestChannel>(channel: C, payload: RequestOf<C>): Promise<unknown>;
  on<E extends EventChannel>(event: E, listener: (payload: unknown) => void): () => void;
}

// Compile-time checks: the constant lists and the schema maps name the same channels.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const requestNamesAgree: Same<keyof typeof requestSchemas, RequestChannel> = true;
const eventNamesAgree: Same<keyof typeof eventSchemas, EventChannel> = true;
export const CONTRACT_CHECKS = [requestNamesAgree, eventNamesAgree] as const;
