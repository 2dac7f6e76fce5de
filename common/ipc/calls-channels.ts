// Channel names of the calls area as plain constants (no zod), for the
// preload; the schemas are in calls.ts.
export const CALLS_REQUEST_CHANNELS = [
  'calls.setup',
  'calls.makeCall',
  'calls.hangUp',
  'calls.submitDisposition',
  'calls.outboxStatus',
  'calls.pendingWrapUps',
  'calls.keepWrapUp',
  'calls.openForm',
  'calls.discardWrapUp',
  'calls.parkedDispositions',
  'calls.retryParked',
  'calls.missedCalls',
  'calls.recordMissed',
  'calls.recordFinished',
  'calls.recentCalls',
  'calls.qualityTimeline',
  'calls.myCallbacks',
  'calls.callbackDone',
  'calls.dismissMissed',
] as const;

export const CALLS_EVENT_CHANNELS = ['calls.outboxStatus'] as const;
