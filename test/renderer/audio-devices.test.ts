import { describe, expect, it } from 'vitest';
import { audioDeviceLists, findAudioDevice, hasChoice, resolveAudioDevices } from '../../renderer/src/audio/audio-devices';

// What Chromium lists with a USB headset plugged in (ids are per origin).
const LISTED = [
  { kind: 'audioinput', deviceId: 'default', label: 'Default - Jabra Evolve 40 Mono' },
  { kind: 'audioinput', deviceId: 'communications', label: 'Communications - Jabra Evolve 40 Mono' },
  { kind: 'audioinput', deviceId: 'mic-laptop', label: 'Built-in Microphone' },
  { kind: 'audioinput', deviceId: 'mic-jabra', label: 'Jabra Evolve 40 Mono' },
  { kind: 'videoinput', deviceId: 'cam', label: 'Webcam' },
  { kind: 'audiooutput', deviceId: 'default', label: 'Default - Speakers' },
  { kind: 'audiooutput', deviceId: 'out-speakers', label: 'Speakers' },
  { kind: 'audiooutput', deviceId: 'out-jabra', label: 'Jabra Evolve 40 Mono' },
] as const;

describe('audio devices', () => {
  const lists = audioDeviceLists(LISTED);

  it('lists inputs and outputs without the default/communications aliases or cameras', () => {
    expect(lists.inputs.map((d) => d.id)).toEqual(['mic-laptop', 'mic-jabra']);
    expect(lists.outputs.map((d) => d.id)).toEqual(['out-speakers', 'out-jabra']);
  });

  it('finds a saved device by id, else by label (the id changed), else not at all (unplugged)', () => {
    expect(findAudioDevice({ id: 'mic-jabra', label: 'old label' }, lists.inputs)?.id).toBe('mic-jabra');
    expect(findAudioDevice({ id: 'id-from-another-origin', label: 'Jabra Evolve 40 Mono' }, lists.inputs)?.id).toBe('mic-jabra');
    expect(findAudioDevice({ id: 'gone', label: 'Plantronics Blackwire' }, lists.inputs)).toBeUndefined();
    expect(findAudioDevice({ id: 'gone', label: '' }, [{ id: 'x', label: '' }])).toBeUndefined();
    expect(findAudioDevice(null, lists.inputs)).toBeUndefined();
  });

  it('resolves the saved choice to ids of what is plugged in, falling back to the default per role', () => {
    const saved = {
      microphone: { id: 'stale', label: 'Jabra Evolve 40 Mono' },
      speaker: { id: 'out-jabra', label: 'Jabra Evolve 40 Mono' },
      ringer: { id: 'gone', label: 'USB Speakerphone' },
    };
    expect(resolveAudioDevices(saved, lists)).toEqual({ microphone: 'mic-jabra', speaker: 'out-jabra', ringer: null });
    // A microphone label never matches an output of the same name: each role looks in its own list.
    expect(resolveAudioDevices({ microphone: null, speaker: { id: 'mic-laptop', label: 'Built-in Microphone' }, ringer: null }, lists).speaker).toBeNull();
    expect(hasChoice(saved)).toBe(true);
    expect(hasChoice({ microphone: null, speaker: null, ringer: null })).toBe(false);
  });

  it('names the device behind the system default: by groupId (PulseAudio says only "Default"), else from "Default - <name>"', () => {
    expect(lists.defaultInput).toBe('Jabra Evolve 40 Mono');
    expect(lists.defaultOutput).toBe('Speakers');
    const pulse = audioDeviceLists([
      { kind: 'audiooutput', deviceId: 'default', label: 'Default', groupId: 'g2' },
      { kind: 'audiooutput', deviceId: 'out-1', label: 'Builtin', groupId: 'g1' },
      { kind: 'audiooutput', deviceId: 'out-2', label: 'Headset', groupId: 'g2' },
    ]);
    expect(pulse.defaultOutput).toBe('Headset');
    expect(pulse.defaultInput).toBe('');
  });
});
