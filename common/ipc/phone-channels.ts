// Channel names of the phone's requests to main (issue 11) as plain constants
// (no zod), for the preload; the schemas are in phone.ts.
export const PHONE_REQUEST_CHANNELS = ['phone.waitSipReachable', 'phone.reregistered', 'phone.keepLiveCall', 'phone.liveCalls'] as const;

export const PHONE_EVENT_CHANNELS = [] as const;
