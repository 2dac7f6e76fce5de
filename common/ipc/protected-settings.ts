// Settings that decide what code runs or which addresses main opens or
// trusts (issue 21). A compromised page must not be able to change them by a
// bridge request alone:
// - the update feed and channel are IT's: its policy file, or the settings
//   file on the computer; never a request from the page;
// - the campaign form address (main opens it in the system's browser) and the
//   CA file (main trusts it for the instance's TLS) change from the page only
//   after main's own confirmation (a native dialog in the desktop app); the
//   browser host has no window of its own, so there they come from the policy
//   file or the command line at start.

export const IT_ONLY_SETTINGS = ['updateFeedUrl', 'updateChannel'] as const;
export const CONFIRMED_SETTINGS = ['formUrlTemplate', 'caFile'] as const;
export type ConfirmedSetting = (typeof CONFIRMED_SETTINGS)[number];

export const isItOnlySetting = (key: string): boolean => (IT_ONLY_SETTINGS as readonly string[]).includes(key);
export const isConfirmedSetting = (key: string): key is ConfirmedSetting => (CONFIRMED_SETTINGS as readonly string[]).includes(key);
