// A registered phone on the fake PBX with one answered customer call, for the
// transfer, consultation and conference tests; every event they read is kept.
import { expect, vi } from 'vitest';
import { silentMedia, type MediaPort, type Phone, type PhoneEvents, type PhoneOptions } from '../../../renderer/src/phone';
import { FakePbx } from './fake-pbx';
import { FakeSipServer } from './fake-sip-server';
import { phoneKit } from './phone-kit';

export interface InCall {
  readonly server: FakeSipServer;
  readonly pbx: FakePbx;
  readonly phone: Phone;
  /** The customer call's SIP Call-ID (the server's INVITE). */
  readonly customerCallId: string;
  readonly transfers: PhoneEvents['transfer'][];
  readonly consultations: PhoneEvents['consultation'][];
  readonly conferences: PhoneEvents['conference'][];
  /** `start:<kind>` / `stop:<kind>` of every ring, waiting beep and ringback. */
  readonly tones: string[];
}

export function transferKit() {
  const kit = phoneKit();

  async function inCall(extra: Partial<PhoneOptions> = {}): Promise<InCall> {
    const server = new FakeSipServer();
    const pbx = new FakePbx(server, kit.HA1);
    const tones: string[] = [];
    const media: MediaPort = {
      ...silentMedia,
      startRingtone: (_device, kind) => {
        tones.push(`start:${kind}`);
        return { stop: () => void tones.push(`stop:${kind}`) };
      },
    };
    const phone = await kit.registered(server, { media, ...extra });
    const customerCallId = server.invite({ 'X-CTI': kit.CTI });
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('ringing'));
    await phone.answer();
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('active'));
    const transfers: PhoneEvents['transfer'][] = [];
    const consultations: PhoneEvents['consultation'][] = [];
    const conferences: PhoneEvents['conference'][] = [];
    phone.on('transfer', (t) => transfers.push(t));
    phone.on('consultation', (c) => consultations.push(c));
    phone.on('conference', (c) => conferences.push(c));
    return { server, pbx, phone, customerCallId, transfers, consultations, conferences, tones };
  }

  return { ...kit, inCall };
}

/** The SIP Call-ID of a call the phone placed (its id is Call-ID + From tag). */
export function callIdOf(pbx: FakePbx, index = -1): string {
  const invite = pbx.invites.at(index);
  if (!invite) throw new Error('the phone placed no call');
  return invite.callId;
}
