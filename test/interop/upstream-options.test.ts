// The pure parts of the interop tier: upstream options (from a JSON file or a
// test) and the Kamailio config writer's refusal of names that would inject
// script text.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseUpstreamOptions, readUpstreamOptionsFile } from '../../simulator/sip/upstream/upstream-options';
import { kamailioConfig } from './kamailio/kamailio-config';

const HA1 = '0123456789abcdef0123456789abcdef';

describe('upstream options', () => {
  it('parses HA1 credentials with defaults for realm, register and expiry', () => {
    expect(parseUpstreamOptions({ proxyWsUrl: 'wss://pbx.example:8089/ws', domain: 'pbx.example', username: 'platform', ha1: HA1 })).toEqual({
      proxyWsUrl: 'wss://pbx.example:8089/ws', domain: 'pbx.example', username: 'platform', ha1: HA1, realm: 'asterisk', register: true, registerExpiresSec: 300,
    });
  });

  it('wants exactly one of ha1 and password, a ws/wss URL, and no unknown keys', () => {
    const base = { proxyWsUrl: 'ws://127.0.0.1:5066/ws', domain: '127.0.0.1', username: 'platform' };
    expect(() => parseUpstreamOptions(base)).toThrow(/exactly one of ha1 and password/);
    expect(() => parseUpstreamOptions({ ...base, ha1: HA1, password: 'x' })).toThrow(/exactly one of ha1 and password/);
    expect(() => parseUpstreamOptions({ ...base, proxyWsUrl: 'http://127.0.0.1/ws', ha1: HA1 })).toThrow(/proxyWsUrl: a ws:\/\/ or wss:\/\/ URL/);
    expect(() => parseUpstreamOptions({ ...base, ha1: HA1, outboundProxy: 'x' })).toThrow(/outboundProxy/);
    expect(parseUpstreamOptions({ ...base, password: 'secret', register: false })).toMatchObject({ password: 'secret', register: false });
  });

  it('reads a JSON file and names the file when it is not JSON or not valid', () => {
    const dir = mkdtempSync(join(tmpdir(), 'interop-upstream-'));
    try {
      const good = join(dir, 'good.json');
      writeFileSync(good, JSON.stringify({ proxyWsUrl: 'ws://127.0.0.1:5066/ws', domain: '127.0.0.1', username: 'platform', ha1: HA1 }));
      expect(readUpstreamOptionsFile(good).username).toBe('platform');
      const broken = join(dir, 'broken.json');
      writeFileSync(broken, '{ nope');
      expect(() => readUpstreamOptionsFile(broken)).toThrow(`${broken} failed: it is not JSON`);
      expect(() => readUpstreamOptionsFile(join(dir, 'missing.json'))).toThrow(/missing\.json failed/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('kamailio.cfg writer', () => {
  const input = { host: '127.0.0.1', wsPort: 5066, wssPort: 5067, realm: 'asterisk', callerUser: 'platform', tlsConfigFile: '/tmp/tls.cfg', modulesDir: '/usr/lib/kamailio/modules' };

  it('writes every user HA1 into the htable and only the caller may INVITE', () => {
    const config = kamailioConfig({ ...input, users: [{ user: '1001', ha1: HA1 }, { user: 'platform', ha1: HA1 }] });
    expect(config).toContain(`$sht(ha1=>1001) = "${HA1}";`);
    expect(config).toContain('if ($au != "platform")');
    expect(config).toContain('listen=tls:127.0.0.1:5067');
    expect(config).not.toMatch(/password/i);
  });

  it('refuses names and hashes that would inject script text, and a caller without credentials', () => {
    expect(() => kamailioConfig({ ...input, users: [{ user: '1001"; exit; #', ha1: HA1 }] })).toThrow(/plain name/);
    expect(() => kamailioConfig({ ...input, users: [{ user: '1001', ha1: 'not-a-hash' }] })).toThrow(/32-hex HA1/);
    expect(() => kamailioConfig({ ...input, users: [{ user: '1001', ha1: HA1 }] })).toThrow(/caller user "platform" needs credentials/);
  });
});
