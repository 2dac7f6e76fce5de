// Channel names of the IPC contract as plain constants (no zod), so the
// sandboxed preload can import them without bundling a schema library.
// The schemas for each name live in the sibling files; ipc-contract.ts checks
// at compile time that both lists agree.

import { CALLS_EVENT_CHANNELS, CALLS_REQUEST_CHANNELS } from './calls-channels';
import { PHONE_EVENT_CHANNELS, PHONE_REQUEST_CHANNELS } from './phone-channels';
import { SUPERVISOR_EVENT_CHANNELS, SUPERVISOR_REQUEST_CHANNELS } from './supervisor-channels';
import { WORKSTATION_EVENT_CHANNELS, WORKSTATION_REQUEST_CHANNELS } from './workstation-channels';

export const REQUEST_CHANNELS = [
  'settings.get',
  'settings.update',
  'settings.setIceCredential',
  'session.get',
  'session.signIn',
  'session.signOut',
  ...SUPERVISOR_REQUEST_CHANNELS,
  ...CALLS_REQUEST_CHANNELS,
  ...WORKSTATION_REQUEST_CHANNELS,
  ...PHONE_REQUEST_CHANNELS,
] as const;

export const EVENT_CHANNELS = [
  'session.changed',
  'session.renewal',
  'connectivity.changed',
  'settings.changed',
  ...SUPERVISOR_EVENT_CHANNELS,
  ...CALLS_EVENT_CHANNELS,
  ...WORKSTATION_EVENT_CHANNELS,
  ...PHONE_EVENT_CHANNELS,
] as const;

export type RequestChannel = (typeof REQUEST_CHANNELS)[number];
export type EventChannel = (typeof EVENT_CHANNELS)[number];

export function isRequestChannel(value: unknown): value is RequestChannel {
  return typeof value === 'string' && (REQUEST_CHANNELS as readonly string[]).includes(value);
}

export function isEventChannel(value: unknown): value is EventChannel {
  return typeof value === 'string' && (EVENT_CHANNELS as readonly string[]).includes(value);
}
