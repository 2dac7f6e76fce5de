// The few schemas the page needs before its phone registers (issue 23): the
// settings, the session and the changes to them. Everything else in the
// contract is built in a chunk of its own, after the phone has started
// (building all of the contract's schemas took 40–90 ms of the first chunk).
import type { EventChannel, RequestChannel } from '../../../common/ipc/channels';
import { connectivitySchema, sessionRenewalSchema, sessionRequests, sessionViewSchema } from '../../../common/ipc/session';
import { settingsRequests, settingsViewSchema } from '../../../common/ipc/settings';

export const bootRequestSchemas = {
  'settings.get': settingsRequests['settings.get'],
  'session.get': sessionRequests['session.get'],
} as const satisfies Partial<Record<RequestChannel, unknown>>;

export const bootEventSchemas = {
  'session.changed': sessionViewSchema,
  'session.renewal': sessionRenewalSchema,
  'connectivity.changed': connectivitySchema,
  'settings.changed': settingsViewSchema,
} as const satisfies Partial<Record<EventChannel, unknown>>;
