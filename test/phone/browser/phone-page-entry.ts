// Bundled for Chromium by phone-chromium.test.ts: the real Phone (browser media,
// sip.js WebSocket transport) behind a small `window.phonePage` surface the test drives.
import { Phone, browserMedia, type MakeCallExpectation, type MediaPort, type PhoneOptions } from '../../../renderer/src/phone';
import { phoneCallSummary, type PhoneCallSummary } from '../../support/phone-call-summary';

export interface PhonePageView {
  registration: string;
  connection: string;
  call: PhoneCallSummary | null;
  level: number;
  stats: null | { packetsReceived: number; packetsSent: number; mos: number | null; lossPercent: number | null; jitterMs: number | null; rttMs: number | null };
  events: string[];
  peakLevel: number;
}

let phone: Phone | null = null;
let expectation: MakeCallExpectation | null = null;
const events: string[] = [];
let peakLevel = 0;

/** The real browser media, with the ringtone's start and stop recorded. */
const media: MediaPort = {
  ...browserMedia,
  startRingtone(deviceId, kind) {
    events.push(`ringtone:start:${deviceId ?? 'default'}`);
    const tone = browserMedia.startRingtone(deviceId, kind);
    return {
      stop() {
        events.push('ringtone:stop');
        tone.stop();
      },
    };
  },
};

const page = {
  async start(credentials: PhoneOptions['credentials']): Promise<void> {
    phone = new Phone({ credentials, logLevel: 'warn', media });
    phone.on('registration', (r) => events.push(`registration:${r.kind}`));
    phone.on('connection', (c) => events.push(`connection:${c}`));
    phone.on('call', (e) => events.push(`call:${e.state.kind}`));
    phone.on('mute', (m) => events.push(`mute:${m.muted}`));
    phone.on('registeredAgain', (a) => events.push(`again:${a.cause}:${a.newConnection}`));
    phone.on('quality', () => {
      peakLevel = Math.max(peakLevel, phone?.remoteLevel() ?? 0);
    });
    setInterval(() => (peakLevel = Math.max(peakLevel, phone?.remoteLevel() ?? 0)), 50);
    await phone.start();
  },
  expectCall(destination: string): void {
    expectation = phone!.expectCall(destination);
  },
  setGuid(guid: string): void {
    expectation?.setGuid(guid);
  },
  view(): PhonePageView {
    const stats = phone?.stats() ?? null;
    return {
      registration: phone?.registration.kind ?? 'none',
      connection: phone?.connection ?? 'none',
      call: phoneCallSummary(phone),
      level: phone?.remoteLevel() ?? 0,
      stats: stats && { ...stats },
      events: [...events],
      peakLevel,
    };
  },
  clearEvents(): void {
    events.length = 0;
  },
  networkChanged: () => phone!.networkChanged(),
  resetPeak(): void {
    peakLevel = 0;
  },
  async switchMicrophone(): Promise<string | null> {
    const inputs = (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'audioinput' && d.deviceId !== 'default');
    const id = inputs.at(-1)?.deviceId ?? null;
    await phone!.setDevices({ microphone: id });
    return id;
  },
  setOutputs: (speaker: string, ringer: string) => phone!.setDevices({ speaker, ringer }),
  answer: () => phone!.answer(),
  hangUp: () => phone!.hangUp(),
  hold: () => phone!.hold(),
  resume: () => phone!.resume(),
  mute: (on: boolean) => phone!.setMuted(on),
  dtmf: (tones: string) => phone!.sendDtmf(tones),
  stop: () => phone!.stop(),
};

declare global {
  interface Window {
    phonePage: typeof page;
  }
}
window.phonePage = page;
