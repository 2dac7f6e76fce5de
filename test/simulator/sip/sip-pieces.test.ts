import { createHash } from 'node:crypto';
import { UserAgent } from 'sip.js';
import { describe, expect, it } from 'vitest';
import { BindingStore } from '../../../simulator/sip/bindings';
import { buildCti, ctiHeader } from '../../../simulator/sip/cti';
import { DigestAuthenticator, digestHa1, parseDigestCredentials } from '../../../simulator/sip/digest-auth';
import { parseDtmfRelay } from '../../../simulator/sip/dtmf-relay';
import type { SipConnection } from '../../../simulator/sip/sip-connection';
import type { Campaign } from '../../../simulator/state/records';

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

function respond(challenge: string, ha1: string, method: string, uri: string): string {
  const nonce = /nonce="([^"]+)"/.exec(challenge)?.[1] ?? '';
  const cnonce = 'abc123';
  const response = md5(`${ha1}:${nonce}:00000001:${cnonce}:auth:${md5(`${method}:${uri}`)}`);
  return `Digest username="1001", realm="asterisk", nonce="${nonce}", uri="${uri}", response="${response}", algorithm=MD5, qop=auth, nc=00000001, cnonce="${cnonce}"`;
}

describe('digest authentication', () => {
  const ha1 = digestHa1('1001', 'asterisk', 'secret');

  it('computes HA1 as md5(user:realm:password)', () => {
    expect(ha1).toBe(md5('1001:asterisk:secret'));
  });

  it('accepts the right HA1, refuses a wrong one, and calls an old nonce stale', () => {
    let now = 1_000_000;
    const auth = new DigestAuthenticator('asterisk', 60_000, () => now);
    const credentials = parseDigestCredentials(respond(auth.challengeHeader(), ha1, 'REGISTER', 'sip:127.0.0.1'))!;
    expect(credentials).toMatchObject({ username: '1001', realm: 'asterisk', qop: 'auth', nc: '00000001' });
    expect(auth.verify(credentials, 'REGISTER', ha1)).toBe('ok');
    expect(auth.verify(credentials, 'REGISTER', md5('other'))).toBe('bad');
    expect(auth.verify(credentials, 'INVITE', ha1)).toBe('bad');
    now += 61_000;
    expect(auth.verify(credentials, 'REGISTER', ha1)).toBe('stale');
  });

  it('refuses a nonce it did not issue', () => {
    const auth = new DigestAuthenticator('asterisk');
    const forged = parseDigestCredentials(respond('nonce="18b.deadbeef"', ha1, 'REGISTER', 'sip:x'))!;
    expect(auth.verify(forged, 'REGISTER', ha1)).not.toBe('ok');
  });

  it('reads quoted values with commas and rejects non-digest headers', () => {
    const parsed = parseDigestCredentials('Digest username="a,b", realm="asterisk", nonce="n", uri="sip:x", response="r"');
    expect(parsed?.username).toBe('a,b');
    expect(parseDigestCredentials('Basic Zm9vOmJhcg==')).toBeUndefined();
    expect(parseDigestCredentials('Digest username="a"')).toBeUndefined();
  });
});

describe('bindings', () => {
  function connection(): SipConnection & { close(): void } {
    const listeners: Array<() => void> = [];
    let open = true;
    return {
      id: 'c', transport: 'ws', remoteAddress: '127.0.0.1', remotePort: 5060, send: () => undefined, isOpen: () => open,
      onClose: (listener) => listeners.push(listener),
      close: () => {
        open = false;
        listeners.forEach((l) => l());
      },
    };
  }
  const contact = UserAgent.makeURI('sip:abc@x.invalid;transport=ws')!;

  it('expire, and vanish with their connection', () => {
    let now = 0;
    const store = new BindingStore(() => now);
    const events: string[] = [];
    store.onChange((e) => events.push(`${e.type}:${e.user}`));
    store.upsert({ user: '1001', contact, contactRaw: '<sip:abc@x.invalid>', connection: connection(), expiresAt: 60_000 });
    expect(store.isRegistered('1001')).toBe(true);
    now = 60_001;
    expect(store.isRegistered('1001')).toBe(false);

    const conn = connection();
    store.upsert({ user: '1002', contact, contactRaw: '<sip:abc@x.invalid>', connection: conn, expiresAt: 10 ** 9 });
    conn.close();
    expect(store.isRegistered('1002')).toBe(false);
    expect(events).toEqual(['registered:1001', 'unregistered:1001', 'registered:1002', 'unregistered:1002']);
  });
});

describe('CTI object', () => {
  it('has the field-notes shape, with Form and Screen from the campaign form', () => {
    const cti = buildCti(
      { guid: 'g', campaign: 'Soporte<-', callerid: '099', autoAnswer: false, parAndValues: 'a=1' },
      { form: 'soporteForm|true' } as Campaign,
    );
    expect(cti).toEqual({ Guid: 'g', Screen: 'TRUE', Form: 'soporteForm', Campaign: 'Soporte<-', Callerid: '099', ParAndValues: 'a=1', Beep: 'FALSE', Answer: 'FALSE' });
    expect(ctiHeader('X-CTI', cti)).toBe(`X-CTI: ${JSON.stringify(cti)}`);
  });
});

describe('DTMF over SIP INFO', () => {
  it('reads application/dtmf-relay and application/dtmf bodies', () => {
    expect(parseDtmfRelay('application/dtmf-relay', 'Signal=5\r\nDuration=160')).toBe('5');
    expect(parseDtmfRelay('application/dtmf', '#')).toBe('#');
    expect(parseDtmfRelay('text/plain', 'Signal=5')).toBeUndefined();
    expect(parseDtmfRelay('application/dtmf-relay', 'Signal=X')).toBeUndefined();
  });
});
