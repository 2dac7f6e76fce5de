// The pure parts of the interop tier: upstream options (from a JSON file or a
// test), the Kamailio config writer (its refusal of names that would inject
// script text, who may call whom) and the reader of its SIP trace.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseUpstreamOptions, readUpstreamOptionsFile } from '../../simulator/sip/upstream/upstream-options';
import { kamailioConfig } from './kamailio/kamailio-config';
import { describeTrace, readSipTrace } from './support/sip-trace';

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
    expect(() => kamailioConfig({ ...input, users: [{ user: 'platform', ha1: HA1 }], sipDumpFolder: '/tmp/x"; exit; #' })).toThrow(/sipdump folder/);
  });

  it('lets agents call agents only when asked (consultations), never the platform\'s user; drops a pre-loaded Route; traces on request', () => {
    const users = [{ user: '1001', ha1: HA1 }, { user: 'platform', ha1: HA1 }];
    expect(kamailioConfig({ ...input, users })).toContain('sl_send_reply("403", "Only the platform places calls")');
    const agents = kamailioConfig({ ...input, users, agentCalls: true, sipDumpFolder: '/tmp/dump' });
    expect(agents).toContain('if ($au != "platform" && !(is_method("INVITE") && $sht(ha1=>$rU) != $null && $rU != "platform"))');
    expect(agents).toContain('remove_hf("Route");');
    expect(agents).toContain('modparam("sipdump", "folder", "/tmp/dump")');
    expect(kamailioConfig({ ...input, users })).not.toContain('sipdump');
  });
});

describe('SIP trace reader', () => {
  const record = (tag: string, proto: string, message: string): string =>
    `====================\ntag: ${tag}\npid: 1\nprocess: 8\ntime: 1795662779.098\nproto: ${proto} ipv4\nsrcip: 127.0.0.2\nsrcport: 5060\n` +
    `dstip: 127.0.0.1\ndstport: 5070\n~~~~~~~~~~~~~~~~~~~~\n${message}||||||||||||||||||||\n`;
  const notify = [
    'NOTIFY sip:a@b.invalid;transport=ws SIP/2.0', 'Call-ID: e659aa94bcffcc2f', 'CSeq: 12358 NOTIFY', 'Event: refer;id=2',
    'Content-Type: message/sipfrag', 'Content-Length: 19', '', 'SIP/2.0 100 Trying\n',
  ].join('\r\n');

  it('reads start line, Call-ID, CSeq, headers and body; leaves out WebSocket handshakes and broken records', () => {
    const trace = readSipTrace(
      record('rcv', 'tcp', 'GET /ws HTTP/1.1\r\nHost: x\r\n\r\n') + record('rcv', 'udp', notify) + '====================\ngarbage' +
        record('snd', 'ws', 'SIP/2.0 202 Accepted\r\nCall-ID: e659aa94bcffcc2f\r\nCSeq: 2 REFER\r\n\r\n'),
    );
    expect(trace.map((m) => [m.tag, m.proto, m.startLine, m.cseq])).toEqual([
      ['rcv', 'udp', 'NOTIFY sip:a@b.invalid;transport=ws SIP/2.0', '12358 NOTIFY'],
      ['snd', 'ws', 'SIP/2.0 202 Accepted', '2 REFER'],
    ]);
    expect(trace[0]).toMatchObject({ callId: 'e659aa94bcffcc2f', body: 'SIP/2.0 100 Trying\n', time: 1795662779.098 });
    expect(trace[0]?.headers.get('event')).toBe('refer;id=2');
    expect(describeTrace(trace)).toBe('rcv udp NOTIFY sip:a@b.invalid;transport=ws [SIP/2.0 100 Trying] | 12358 NOTIFY | e659aa94\nsnd ws  202 Accepted | 2 REFER | e659aa94');
  });
});
