// The workstation's settings (issue 6): its own module, because the page
// builds the settings' schema before its phone starts (issue 23), and the rest
// of workstation.ts (phone status, diagnostics, links) can wait.
import { z } from 'zod';
import { checkFormTemplate } from '../domain/form-url';

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
