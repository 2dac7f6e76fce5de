// STUN/TURN servers as settings (issue 15): the address forms accepted, and
// the TURN credential joined from main's vault for TURN addresses only.
import { describe, expect, it } from 'vitest';
import { iceServerSettingSchema, iceServersFor } from '../../common/domain/ice-server';

describe('an ICE server setting', () => {
  it.each(['stun:stun.example.com', 'stun:stun.example.com:3478', 'turn:turn.example.com:3478?transport=tcp', 'turns:turn.example.com:443', 'turn:10.0.0.5:3478?transport=udp', 'turn:[2001:db8::1]:3478'])(
    'accepts %s',
    (urls) => expect(iceServerSettingSchema.safeParse({ urls, username: 'agent' }).success).toBe(true),
  );
  it.each(['http://turn.example.com', 'turn:', 'turn:host name', 'turn:host:3478?transport=sctp', 'stun:host;evil', 'javascript:alert(1)'])('refuses %s', (urls) => {
    expect(iceServerSettingSchema.safeParse({ urls }).success).toBe(false);
  });
});

describe('iceServersFor', () => {
  it('joins the credential main holds to TURN addresses only, and never more than four servers', () => {
    const held: Record<string, string> = { 'turn:turn.example.com:443?transport=tcp': 'S3cret!', 'stun:stun.example.com': 'never' };
    const servers = iceServersFor(
      [
        { urls: 'stun:stun.example.com', username: '' },
        { urls: 'turn:turn.example.com:443?transport=tcp', username: 'ana' },
        { urls: 'turns:other.example.com', username: 'ana' },
        { urls: 'stun:a.example.com', username: '' },
        { urls: 'stun:b.example.com', username: '' },
      ],
      (urls) => held[urls],
    );
    expect(servers).toEqual([
      { urls: 'stun:stun.example.com' },
      { urls: 'turn:turn.example.com:443?transport=tcp', username: 'ana', credential: 'S3cret!' },
      { urls: 'turns:other.example.com', username: 'ana' },
      { urls: 'stun:a.example.com' },
    ]);
  });
});

describe('--ice-servers', () => {
  it('reads comma-separated addresses, and says which one is wrong', async () => {
    const { parseIceServersArgument } = await import('../../main/services/session');
    expect(parseIceServersArgument('turn:t.example.com:443?transport=tcp, stun:s.example.com')).toEqual({
      ok: true, servers: [{ urls: 'turn:t.example.com:443?transport=tcp', username: '' }, { urls: 'stun:s.example.com', username: '' }],
    });
    expect(parseIceServersArgument('turn:ok.example.com,http://bad')).toEqual({ ok: false, problem: expect.stringContaining('"http://bad"') });
  });
});
