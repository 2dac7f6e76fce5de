// Builds phones on the fake SIP server for the Node tests (fake transport and
// session description handler, short keep-alive and refresh times), and stops
// them after each test.
import { createHash } from 'node:crypto';
import { afterEach, expect, vi } from 'vitest';
import { Phone, silentMedia, type PhoneOptions } from '../../../renderer/src/phone';
import { FakeTransport, type FakeSipServer } from './fake-sip-server';
import { fakeSdhFactory } from './fake-sdh';

export function phoneKit() {
  const HA1 = createHash('md5').update('1001:asterisk:secret').digest('hex');
  const phones: Phone[] = [];
  /** sip.js's log lines, kept off the console. */
  const sipLog: string[] = [];
  afterEach(async () => {
    await Promise.all(phones.splice(0).map((p) => p.stop()));
  });

  function makePhone(server: FakeSipServer, ha1 = HA1, extra: Partial<PhoneOptions> = {}): Phone {
    const phone = new Phone({
      credentials: { uri: 'sip:1001@127.0.0.1', authorizationUsername: '1001', authorizationHa1: ha1, wsUrl: 'ws://127.0.0.1:1/ws', realm: 'asterisk', displayName: 'Ana' },
      media: silentMedia,
      logLevel: 'warn',
      log: (level, category, _label, content) => sipLog.push(`${level} ${category} ${content}`),
      reconnect: { intervalMs: 10, holdMs: 100, maxIntervalMs: 20, maxFromMs: 200, slotJitter: 0.1 },
      keepAlive: { idleMs: 300, answerMs: 150 },
      refreshAnswerMs: 300,
      sip: { transportConstructor: FakeTransport, transportOptions: { server }, sessionDescriptionHandlerFactory: fakeSdhFactory },
      ...extra,
    });
    phones.push(phone);
    return phone;
  }

  async function registered(server: FakeSipServer, extra: Partial<PhoneOptions> = {}): Promise<Phone> {
    const phone = makePhone(server, HA1, extra);
    await phone.start();
    await vi.waitFor(() => expect(phone.registration.kind).toBe('registered'));
    return phone;
  }

  const CTI = '{"Guid":"g-42","Campaign":"Manual->","Callerid":"17410632","Answer":"FALSE"}';
  return { HA1, makePhone, registered, CTI, sipLog };
}
