// Bundled for Chromium by the Kamailio test: the app's own Phone
// (renderer/src/phone: sip.js, browser media) behind `window.interopPhone`,
// with every registration change time-stamped (Date.now, same clock as the test).
import { Phone, type MakeCallExpectation, type PhoneOptions } from '../../../renderer/src/phone';
import { phoneCallSummary, type PhoneCallSummary } from '../../support/phone-call-summary';

export interface InteropPhoneView {
  registration: string;
  connection: string;
  /** [Date.now(), registration kind] for every change. */
  registrations: Array<[number, string]>;
  call: PhoneCallSummary | null;
  /** Loudest received audio level seen since the call was answered (0..1). */
  peakLevel: number;
  packetsReceived: number;
  packetsSent: number;
}

let phone: Phone | null = null;
let expectation: MakeCallExpectation | null = null;
const registrations: Array<[number, string]> = [];
let peakLevel = 0;
let meter: number | undefined;

const interopPhone = {
  async start(credentials: PhoneOptions['credentials']): Promise<void> {
    phone = new Phone({ credentials, logLevel: 'warn' });
    phone.on('registration', (r) => registrations.push([Date.now(), r.kind]));
    meter = window.setInterval(() => (peakLevel = Math.max(peakLevel, phone?.remoteLevel() ?? 0)), 50);
    await phone.start();
  },
  expectCall(destination: string): void {
    peakLevel = 0;
    expectation = phone!.expectCall(destination);
  },
  setGuid(guid: string): void {
    expectation?.setGuid(guid);
  },
  view(): InteropPhoneView {
    const stats = phone?.stats() ?? null;
    return {
      registration: phone?.registration.kind ?? 'none',
      connection: phone?.connection ?? 'none',
      registrations: [...registrations],
      call: phoneCallSummary(phone),
      peakLevel,
      packetsReceived: stats?.packetsReceived ?? 0,
      packetsSent: stats?.packetsSent ?? 0,
    };
  },
  hangUp: async (): Promise<void> => void (await phone!.hangUp()),
  async stop(): Promise<void> {
    if (meter !== undefined) window.clearInterval(meter);
    await phone?.stop();
  },
};

declare global {
  interface Window {
    interopPhone: typeof interopPhone;
  }
}
window.interopPhone = interopPhone;
