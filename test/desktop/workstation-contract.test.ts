// The workstation's part of the IPC contract: what the renderer may send to
// main (phone status, logs) and what main pushes (commands, dial links).
import { describe, expect, it } from 'vitest';
import { handleDialLink } from '../../common/dial-link';
import { phoneCommandSchema, phoneStatusSchema, WORKSTATION_DEFAULTS, workstationEvents, workstationRequests, workstationSettingsSchema } from '../../common/ipc/workstation';

describe('workstation contract', () => {
  it('has valid defaults: autostart on (registered by packaged builds only), shortcuts off, dial immediately off, headset buttons on, media keys off, system audio devices, updates off', () => {
    expect(workstationSettingsSchema.parse(WORKSTATION_DEFAULTS)).toEqual({
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
      updateFeedUrl: '',
      updateChannel: 'latest',
      echoDestination: '*43',
      shiftCheckAtSignIn: false,
    });
  });

  it('accepts the phone status the renderer reports and refuses anything else', () => {
    const request = workstationRequests['workstation.phoneStatus'].request;
    expect(request.parse({ registration: 'registered', call: { id: 'c1', state: 'ringing', caller: '099', campaign: 'Soporte<-' } })).toBeTruthy();
    expect(request.parse({ registration: 'failed', call: null })).toBeTruthy();
    for (const bad of [
      {},
      { registration: 'online', call: null },
      { registration: 'registered', call: { id: '', state: 'ringing', caller: '', campaign: null } },
      { registration: 'registered', call: { id: 'c', state: 'held', caller: '', campaign: null } },
      { registration: 'registered', call: null, token: 'x' },
    ]) {
      expect(request.safeParse(bad).success).toBe(false);
    }
    expect(phoneStatusSchema.safeParse({ registration: 'registered', call: { id: 'c', state: 'in-call', caller: 'x'.repeat(129), campaign: null } }).success).toBe(false);
  });

  it('pushes commands and dial-link results that parse on the renderer side', () => {
    expect(phoneCommandSchema.parse({ command: 'answer', callId: 'c1' })).toEqual({ command: 'answer', callId: 'c1' });
    expect(phoneCommandSchema.safeParse({ command: 'transfer', callId: null }).success).toBe(false);
    for (const link of ['tel:+59899123456', 'tel:abc', 'mailto:x']) {
      const result = handleDialLink(link);
      expect(workstationEvents['workstation.dialLink'].parse(result)).toEqual(result);
    }
  });
});
