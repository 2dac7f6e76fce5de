import { describe, expect, it } from 'vitest';
import { audioDeviceLists, type AudioRole } from '../../renderer/src/audio/audio-devices';
import { planAudioDevices } from '../../renderer/src/audio/device-fallback';

const HEADSET_IN = { kind: 'audioinput', deviceId: 'mic-hs', label: 'Headset Mic', groupId: 'hs' } as const;
const HEADSET_OUT = { kind: 'audiooutput', deviceId: 'out-hs', label: 'Headset', groupId: 'hs' } as const;
const BUILTIN = [
  { kind: 'audioinput', deviceId: 'default', label: 'Default', groupId: 'bi-in' },
  { kind: 'audioinput', deviceId: 'mic-bi', label: 'Builtin Mic', groupId: 'bi-in' },
  { kind: 'audiooutput', deviceId: 'default', label: 'Default', groupId: 'bi-out' },
  { kind: 'audiooutput', deviceId: 'out-bi', label: 'Builtin', groupId: 'bi-out' },
] as const;
const plugged = audioDeviceLists([...BUILTIN, HEADSET_IN, HEADSET_OUT]);
const unplugged = audioDeviceLists(BUILTIN);
const saved = { microphone: { id: 'mic-hs', label: 'Headset Mic' }, speaker: { id: 'out-hs', label: 'Headset' }, ringer: { id: 'out-hs', label: 'Headset' } };
const none: ReadonlySet<AudioRole> = new Set();

describe('what the phone uses when a chosen device goes or comes back', () => {
  it('uses the chosen devices while they are plugged in, and says nothing', () => {
    expect(planAudioDevices(saved, plugged, none, true)).toEqual({ choice: { microphone: 'mic-hs', speaker: 'out-hs', ringer: 'out-hs' }, onFallback: new Set(), notices: [] });
  });

  it('falls back to the system default when they go, and says which device is in use now', () => {
    const plan = planAudioDevices(saved, unplugged, none, true);
    expect(plan.choice).toEqual({ microphone: null, speaker: null, ringer: null });
    expect(plan.notices).toEqual([
      { role: 'microphone', change: 'lost', chosen: 'Headset Mic', inUse: 'Builtin Mic' },
      { role: 'speaker', change: 'lost', chosen: 'Headset', inUse: 'Builtin' },
      { role: 'ringer', change: 'lost', chosen: 'Headset', inUse: 'Builtin' },
    ]);
  });

  it('offers a device that comes back during a call instead of taking it, until the agent switches back', () => {
    const lost = planAudioDevices(saved, unplugged, none, true).onFallback;
    const back = planAudioDevices(saved, plugged, lost, true);
    expect(back.choice).toEqual({ microphone: null, speaker: null, ringer: null });
    expect(back.notices.map((n) => [n.role, n.change, n.chosen])).toEqual([['microphone', 'back', 'Headset Mic'], ['speaker', 'back', 'Headset'], ['ringer', 'back', 'Headset']]);
    // The agent's click takes the microphone off its fallback: that role only goes back.
    const afterClick = new Set(back.onFallback);
    afterClick.delete('microphone');
    const switched = planAudioDevices(saved, plugged, afterClick, true);
    expect(switched.choice).toEqual({ microphone: 'mic-hs', speaker: null, ringer: null });
    expect(switched.notices.map((n) => n.role)).toEqual(['speaker', 'ringer']);
  });

  it('takes a device that is back when no call rings or is live', () => {
    const lost = planAudioDevices(saved, unplugged, none, true).onFallback;
    expect(planAudioDevices(saved, plugged, lost, false)).toEqual({ choice: { microphone: 'mic-hs', speaker: 'out-hs', ringer: 'out-hs' }, onFallback: new Set(), notices: [] });
  });

  it('leaves roles on the system default alone, and names the default plainly when the system does not say', () => {
    const noLabels = audioDeviceLists([{ kind: 'audiooutput', deviceId: 'out-bi', label: 'Builtin' }]);
    const plan = planAudioDevices({ microphone: null, speaker: saved.speaker, ringer: null }, noLabels, none, true);
    expect(plan.notices).toEqual([{ role: 'speaker', change: 'lost', chosen: 'Headset', inUse: '' }]);
    expect(plan.choice).toEqual({ microphone: null, speaker: null, ringer: null });
  });
});
