// The simulator's decoded-once copy of sip.js's grammar gives exactly what
// sip.js's own gives, for whole messages of every kind the simulator meets
// and for the header rules it calls directly, and it is what Core.Grammar
// uses once installed.
import { Core } from 'sip.js';
import { describe, expect, it } from 'vitest';
import { installFastSipGrammar } from '../../../simulator/sip/fast-grammar';

const logger = (() => {
  const factory = new Core.LoggerFactory();
  factory.builtinEnabled = false;
  return factory.getLogger('test');
})();

const MESSAGES = [
  'REGISTER sip:127.0.0.1 SIP/2.0\r\nVia: SIP/2.0/WSS abc.invalid;branch=z9hG4bK1234567\r\nMax-Forwards: 70\r\nTo: <sip:6001@127.0.0.1>\r\nFrom: "fleet.1" <sip:6001@127.0.0.1>;tag=abc123\r\nCall-ID: xyz789\r\nCSeq: 2 REGISTER\r\nAuthorization: Digest algorithm=MD5, username="6001", realm="asterisk", nonce="abc", uri="sip:127.0.0.1", response="0123456789abcdef0123456789abcdef"\r\nContact: <sip:abc@abc.invalid;transport=ws>;+sip.ice;reg-id=1;+sip.instance="<urn:uuid:1234>";expires=300\r\nExpires: 300\r\nSupported: path, gruu, outbound\r\nContent-Length: 0\r\n\r\n',
  'SIP/2.0 200 OK\r\nVia: SIP/2.0/WSS abc.invalid;branch=z9hG4bK99;received=127.0.0.1\r\nRecord-Route: <sip:127.0.0.1:5060;lr>\r\nFrom: <sip:1001@127.0.0.1>;tag=a\r\nTo: <sip:2002@127.0.0.1>;tag=b\r\nCall-ID: c1\r\nCSeq: 1 INVITE\r\nContact: <sip:2002@127.0.0.1;transport=ws>\r\nContent-Type: application/sdp\r\nContent-Length: 0\r\n\r\n',
  'INVITE sip:1001@abc.invalid;transport=ws SIP/2.0\r\nVia: SIP/2.0/WS 127.0.0.1:8089;branch=z9hG4bKinv;rport\r\nMax-Forwards: 70\r\nFrom: "Campaign" <sip:platform@127.0.0.1>;tag=s1\r\nTo: <sip:1001@127.0.0.1>\r\nCall-ID: inv1\r\nCSeq: 1 INVITE\r\nContact: <sip:platform@127.0.0.1:8089;transport=ws>\r\nX-CTI: {"Guid":"g"}\r\nContent-Length: 0\r\n\r\n',
  'OPTIONS sip:127.0.0.1 SIP/2.0\r\nVia: SIP/2.0/WSS abc.invalid;branch=z9hG4bKo\r\nMax-Forwards: 70\r\nTo: <sip:127.0.0.1>\r\nFrom: <sip:1001@127.0.0.1>;tag=o\r\nCall-ID: o1\r\nCSeq: 5 OPTIONS\r\nContent-Length: 0\r\n\r\n',
  'this is not SIP\r\n\r\n',
];

/** What a parse produced, as plain data (class names kept): enough to tell two parsers apart. */
function shape(message: unknown): string {
  return JSON.stringify(message, (_key, value: unknown) => (value instanceof Object && !Array.isArray(value) ? { class: value.constructor.name, ...value } : value));
}

describe('simulator: sip.js grammar decoded once', () => {
  it('parses every sample exactly as sip.js does, and is installed in Core.Grammar', async () => {
    const original = Core.Grammar.parse;
    const before = MESSAGES.map((text) => shape(Core.Parser.parseMessage(text, logger)));
    const headers = [['"Ana" <sip:1001@127.0.0.1>;tag=x', 'Name_Addr_Header'], ['sip:1001@127.0.0.1:5060;transport=ws', 'SIP_URI']] as const;
    const headersBefore = headers.map(([input, rule]) => shape(Core.Grammar.parse(input, rule)));
    expect(await installFastSipGrammar()).toBe(true);
    expect(Core.Grammar.parse).not.toBe(original);
    expect(MESSAGES.map((text) => shape(Core.Parser.parseMessage(text, logger)))).toEqual(before);
    expect(headers.map(([input, rule]) => shape(Core.Grammar.parse(input, rule)))).toEqual(headersBefore);
    expect(Core.Grammar.nameAddrHeaderParse('<sip:1001@127.0.0.1>')).toBeInstanceOf(Core.NameAddrHeader);
    expect(before[0]).toContain('"user":"6001"');
  });
});
