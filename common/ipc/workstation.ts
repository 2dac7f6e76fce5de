// The workstation's part of the contract (issue 6): its settings, the phone
// status the renderer reports to main (tray, notifications, shortcuts and the
// quit guard need it), the commands main sends back, click-to-dial links,
// renderer log forwarding and "Copy diagnostics".
import { z } from 'zod';
import { checkFormTemplate } from '../domain/form-url';
import { dialLinkResultSchema } from '../dial-link-result';
import { apiCheckSchema, checkReportSchema } from './shift-check';
import { sipTraceEntrySchema, SIP_TRACE_MESSAGES, SIP_TRACE_BUDGET_CHARS } from './sip-trace';

/**
 * An audio device the agent chose, by Chromium's device id and its label: the
 * id may change (another origin, a reinstalled driver), the label of a headset
 * does not, so either finds it again.
 */
export const chosenAudioDeviceSchema = z.object({ id: z.string().max(512), label: z.string().max(256) }).nullable();
export type ChosenAudioDevice = z.infer<typeof chosenAudioDeviceSchema>;

/** null = the system default. */
export const audioDevicesSchema = z.object({ microphone: chosenAudioDeviceSchema, speaker: chosenAudioDeviceSchema, ringer: chosenAudioDeviceSchema });
export type AudioDevices = z.infer<typeof audioDevicesSchema>;

/** An extension the phone can dial: digits, `*` and `#` (what a dialplan matches), up to 32. */
export const ECHO_DESTINATION_RE = /^[0-9*#]{1,32}$/u;

export const workstationSettingsShape = {
  /** "Start when I sign in to the computer". */
  autostart: z.boolean(),
  /** Closing the window while signed in hides it to the tray instead of quitting. */
  closeToTray: z.boolean(),
  /** A tel:/callto:/sip: link places the call at once when the phone is idle. */
  dialImmediately: z.boolean(),
  /** A headset's buttons (HID Telephony over WebHID: hook switch, mute, flash) answer, hang up, mute and hold; its lights follow the calls. */
  headsetButtons: z.boolean(),
  /** The media key play/pause (a Bluetooth headset's button) answers a ringing call and hangs up a live one. Off by default. */
  mediaKeys: z.boolean(),
  /** Global shortcut (Electron accelerator, e.g. `CommandOrControl+Alt+A`); '' = off. */
  answerShortcut: z.string().trim().max(64),
  /** Global shortcut for hanging up; '' = off. */
  hangUpShortcut: z.string().trim().max(64),
  /** Headset microphone, call audio and ringer outputs; each null = system default. */
  audioDevices: audioDevicesSchema,
  /** The ringtone (renderer/src/phone/ringtone.ts) and its volume, 0–100 (80 = the tone's own level). */
  ringtone: z.enum(['classic', 'double', 'chime', 'beeps']),
  ringerVolume: z.number().int().min(0).max(100),
  /** The campaign form's address with {guid} {caller} {campaign} {form} {agent}; https only; '' = the form's name only. */
  formUrlTemplate: z.string().trim().max(2048).refine((v) => v === '' || checkFormTemplate(v).ok, 'must be an https:// address on a fixed host, e.g. https://crm.example.com/forms/{form}?call={guid}'),
  /** The update feed IT hosts (electron-updater, generic provider); '' = updates off. */
  updateFeedUrl: z.string().trim().max(2048),
  /** The feed's channel (`latest`, `beta`, …): which `<channel>*.yml` is read. */
  updateChannel: z.string().trim().regex(/^[a-z0-9][a-z0-9-]{0,31}$/u, 'a channel is lower-case letters, digits and dashes'),
  /** The PBX's echo extension the shift-start check calls (issue 26): plays back what it hears, as Asterisk's Echo(). */
  echoDestination: z.string().trim().regex(ECHO_DESTINATION_RE, 'an extension: digits, * and #, up to 32 (e.g. *43)'),
  /** Run the shift-start check after each sign-in (IT's policy usually sets it). */
  shiftCheckAtSignIn: z.boolean(),
};

export const workstationSettingsSchema = z.object(workstationSettingsShape);
export type WorkstationSettings = z.infer<typeof workstationSettingsSchema>;

/**
 * Defaults. Autostart is on, but only a packaged build ever registers it
 * (main applies `app.isPackaged && autostart`), so development builds and the
 * browser host never start at login.
 */
export const WORKSTATION_DEFAULTS: WorkstationSettings = {
  autostart: true,
  closeToTray: true,
  dialImmediately: false,
  headsetButtons: true,
  mediaKeys: false,
  answerShortcut: '',
  hangUpShortcut: '',
  audioDevices: { microphone: null, speaker: null, ringer: null },
  ringtone: 'classic',
  ringerVolume: 80,
  formUrlTemplate: '',
  // Off until IT names a feed (setting or policy): a floor is updated from IT's server, never from ours.
  updateFeedUrl: '',
  updateChannel: 'latest',
  // Asterisk's sample dialplan and most PBXs answer the echo test at *43.
  echoDestination: '*43',
  shiftCheckAtSignIn: false,
};

export const registrationStateSchema = z.enum(['unregistered', 'registering', 'registered', 'failed']);
export type RegistrationState = z.infer<typeof registrationStateSchema>;

export const phoneCallSchema = z.object({
  /** The phone's own id of the call (not shown). */
  id: z.string().min(1).max(128),
  state: z.enum(['ringing', 'in-call']),
  /** Caller id as received (number or name). */
  caller: z.string().max(128),
  /** Campaign from the CTI object, e.g. `Soporte<-`, or null. */
  campaign: z.string().max(128).nullable(),
});
export type PhoneCall = z.infer<typeof phoneCallSchema>;

/** The renderer's phone, as main needs to know it. */
export const phoneStatusSchema = z.object({
  registration: registrationStateSchema,
  call: phoneCallSchema.nullable(),
  /** Missed calls the agent has not dismissed yet (the tray's count and the taskbar badge). */
  missed: z.number().int().nonnegative().max(1000).optional(),
});
export type PhoneStatus = z.infer<typeof phoneStatusSchema>;

/** What the tray, a notification or a global shortcut asks the phone to do. */
export const phoneCommandSchema = z.object({
  command: z.enum(['answer', 'reject', 'hang-up', 'show-call']),
  /** The call it concerns, when it came from a notification about one call. */
  callId: z.string().max(128).nullable(),
});
export type PhoneCommand = z.infer<typeof phoneCommandSchema>;

export const rendererLogSchema = z
  .object({
    level: z.enum(['error', 'warn', 'info', 'debug']),
    message: z.string().max(8192),
    /** Extra fields; they pass the same redaction as main's own records. */
    fields: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type RendererLog = z.infer<typeof rendererLogSchema>;

export const diagnosticsSchema = z.object({ text: z.string() });

/** What the page adds to the diagnostics bundle: its SIP trace and who it is (issue 26). */
export const bundleRequestSchema = z
  .object({
    sipTrace: z
      .array(sipTraceEntrySchema)
      .max(SIP_TRACE_MESSAGES)
      .refine((entries) => entries.reduce((sum, e) => sum + e.text.length, 0) <= SIP_TRACE_BUDGET_CHARS, 'the SIP trace is larger than the phone keeps'),
    page: z.object({ userAgent: z.string().max(512), language: z.string().max(35) }).strict(),
  })
  .strict();
export type BundleRequest = z.infer<typeof bundleRequestSchema>;

/**
 * Where the bundle went: saved to the file the person chose (Electron's dialog), not saved (the dialog was
 * closed), or handed to the page to download (the browser host, which has no dialog of its own).
 */
export const bundleReplySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('saved'), fileName: z.string(), bytes: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('cancelled') }),
  z.object({ kind: z.literal('download'), fileName: z.string(), bytes: z.number().int().nonnegative(), json: z.string() }),
]);
export type BundleReply = z.infer<typeof bundleReplySchema>;

export const workstationRequests = {
  'workstation.phoneStatus': { request: phoneStatusSchema.strict(), reply: z.object({}) },
  'workstation.log': { request: rendererLogSchema, reply: z.object({}) },
  'workstation.diagnostics': { request: z.object({}).strict(), reply: diagnosticsSchema },
  'workstation.diagnosticsBundle': { request: bundleRequestSchema, reply: bundleReplySchema },
  /** The shift-start check's API step: main reaches the instance (TLS, certificate, clock). */
  'workstation.checkApi': { request: z.object({}).strict(), reply: apiCheckSchema },
  /** The page's report of a check it ran (kept for the diagnostics bundle and logged). */
  'workstation.reportCheck': { request: checkReportSchema, reply: z.object({}) },
} as const;

export const workstationEvents = {
  'workstation.command': phoneCommandSchema,
  'workstation.dialLink': dialLinkResultSchema,
} as const;
