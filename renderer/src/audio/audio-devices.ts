// The agent's audio devices: what Chromium lists, and the saved choice
// (settings.audioDevices) found again among what is plugged in now. A device
// that is gone falls back to the system default, so a call never fails on an
// unplugged headset (getUserMedia with an `exact` id that no longer exists would).
import type { AudioDevices, ChosenAudioDevice } from '../../../common/ipc-contract';
import type { DeviceChoice } from '../phone';

export interface AudioDevice {
  readonly id: string;
  readonly label: string;
}

export interface AudioDeviceLists {
  readonly inputs: readonly AudioDevice[];
  readonly outputs: readonly AudioDevice[];
  /** The device behind the system default, by label ('' when the system does not say): what a fallback plays on. */
  readonly defaultInput?: string;
  readonly defaultOutput?: string;
}

export type AudioRole = keyof AudioDevices;
export const AUDIO_ROLES: readonly AudioRole[] = ['microphone', 'speaker', 'ringer'];

/** Chromium's aliases for "whatever the system uses": the choice `null` stands for them. */
const ALIASES = new Set(['default', 'communications', '']);

type ListedDevice = Pick<MediaDeviceInfo, 'kind' | 'deviceId' | 'label'> & Partial<Pick<MediaDeviceInfo, 'groupId'>>;

export function audioDeviceLists(devices: readonly ListedDevice[]): AudioDeviceLists {
  const of = (kind: MediaDeviceKind): AudioDevice[] =>
    devices.filter((d) => d.kind === kind && !ALIASES.has(d.deviceId)).map((d) => ({ id: d.deviceId, label: d.label }));
  return { inputs: of('audioinput'), outputs: of('audiooutput'), defaultInput: defaultLabel(devices, 'audioinput'), defaultOutput: defaultLabel(devices, 'audiooutput') };
}

/**
 * Which device the system default is: Chromium lists it as `default` with the
 * real device's groupId (PulseAudio: label "Default"; elsewhere "Default - <name>").
 */
function defaultLabel(devices: readonly ListedDevice[], kind: MediaDeviceKind): string {
  const alias = devices.find((d) => d.kind === kind && d.deviceId === 'default');
  if (!alias) return '';
  const real = alias.groupId ? devices.find((d) => d.kind === kind && !ALIASES.has(d.deviceId) && d.groupId === alias.groupId) : undefined;
  if (real) return real.label;
  const named = /^Default - (.+)$/.exec(alias.label);
  return named?.[1] ?? '';
}

export function devicesFor(role: AudioRole, lists: AudioDeviceLists): readonly AudioDevice[] {
  return role === 'microphone' ? lists.inputs : lists.outputs;
}

/** The saved device among those listed now: the same id, else the same label; undefined when it is not plugged in. */
export function findAudioDevice(saved: ChosenAudioDevice, available: readonly AudioDevice[]): AudioDevice | undefined {
  if (saved === null) return undefined;
  return available.find((d) => d.id === saved.id) ?? (saved.label === '' ? undefined : available.find((d) => d.label === saved.label));
}

/** What the phone should use now: each saved device found again, else the system default (null). */
export function resolveAudioDevices(saved: AudioDevices, lists: AudioDeviceLists): DeviceChoice {
  const idOf = (role: AudioRole): string | null => findAudioDevice(saved[role], devicesFor(role, lists))?.id ?? null;
  return { microphone: idOf('microphone'), speaker: idOf('speaker'), ringer: idOf('ringer') };
}

export function hasChoice(saved: AudioDevices): boolean {
  return AUDIO_ROLES.some((role) => saved[role] !== null);
}

/**
 * Lists the audio devices. Without microphone permission Chromium hides the
 * labels; asking once (and releasing the microphone at once) reveals them.
 */
export async function listAudioDevices(media: MediaDevices = navigator.mediaDevices): Promise<AudioDeviceLists> {
  let devices = await media.enumerateDevices();
  if (devices.some((d) => d.kind === 'audioinput' && d.label === '')) {
    const stream = await media.getUserMedia({ audio: true, video: false });
    for (const track of stream.getTracks()) track.stop();
    devices = await media.enumerateDevices();
  }
  return audioDeviceLists(devices);
}
