import { describe, expect, it } from 'vitest';
import { en } from '../../../common/i18n/en';
import { speakIn } from '../../../common/i18n/dictionary';
import type { ApiCheck } from '../../../common/ipc-contract';
import { echoStep, microphoneStep, speakerStep, type AudioWords } from '../../../renderer/src/check/audio-verdicts';
import { checkWords } from '../../../renderer/src/check/check-words';
import { es } from '../../../common/i18n/es';
import type { EchoFigures } from '../../../renderer/src/check/echo-test';
import type { IceProbe } from '../../../renderer/src/check/ice-probe';
import { urlKind } from '../../../renderer/src/check/ice-probe';
import { apiStep, iceStep, sipStep } from '../../../renderer/src/check/network-verdicts';

const api = (over: Partial<ApiCheck> = {}): ApiCheck => ({
  url: 'https://acme.ucontactcloud.com', reachable: true, status: 200, elapsedMs: 80, clockSkewSeconds: 1, problem: null,
  tls: { protocol: 'TLSv1.3', authorized: true, problem: null, subject: 'CN=acme', issuer: 'CN=CA', validTo: 'Dec 1 2027' }, ...over,
});
const words: AudioWords = { pair: (p) => `${p.local}/${p.relayProtocol ?? p.protocol}`, notReported: 'not reported', percent: (v) => `${v.toFixed(1)}%`, delay: (ms) => (ms === null ? '?' : `${ms} ms`), quality: (k) => k };
const echo = (over: Partial<EchoFigures> = {}): EchoFigures => ({
  notConnected: null, listenedMs: 10_000, packetsBack: 490, lossBackPercent: 0, jitterBackMs: 3, mos: 4.4, lossSentPercent: 0, jitterSentMs: 2, rttMs: 20,
  delayMs: 220, delayConfidence: 0.8, micPeak: 0.4, micActive: 0.2, pair: { local: 'host', remote: 'host', protocol: 'udp', relayProtocol: null }, ...over,
});
const probe = (url: string, found: Partial<IceProbe>): IceProbe => ({ url, ...urlKind(url), host: true, srflx: false, relay: false, error: null, ...found });
const text = (say: { key: string; params: Record<string, string> } | null): string => (say ? speakIn(en, say as never) ?? say.key : '');

describe('the check\'s verdicts', () => {
  it('API: trusted and on time passes; an untrusted certificate, no answer, a far clock say what to tell IT', () => {
    expect(apiStep(api()).verdict).toBe('passed');
    const untrusted = apiStep(api({ tls: { protocol: 'TLSv1.3', authorized: false, problem: 'SELF_SIGNED_CERT_IN_CHAIN', subject: 'CN=acme', issuer: 'CN=Evil', validTo: null } }));
    expect(untrusted.verdict).toBe('failed');
    expect(text(untrusted.say)).toContain('certificate is not trusted: SELF_SIGNED_CERT_IN_CHAIN');
    expect(text(untrusted.tellIt)).toContain('CA file');
    expect(apiStep(api({ reachable: false, status: null, tls: null, problem: 'connect ECONNREFUSED' })).verdict).toBe('failed');
    const clock = apiStep(api({ clockSkewSeconds: -300 }));
    expect([clock.verdict, text(clock.tellIt)]).toEqual(['warning', 'This computer\'s clock is -300 s off. Ask IT to turn on automatic time (NTP).']);
    expect(apiStep(api({ url: 'http://127.0.0.1:8080', tls: null })).verdict).toBe('passed');
    expect(apiStep(api({ url: 'http://pbx.example.com', tls: null })).verdict).toBe('warning');
  });

  it('SIP: registered and answering passes; not registered fails', () => {
    expect(sipStep(true, true, 12, 'wss://pbx:8089/ws').verdict).toBe('passed');
    expect(text(sipStep(false, true, 12, 'wss://pbx:8089/ws').tellIt)).toContain('wss://pbx:8089/ws');
  });

  it('ICE: UDP blocked while TURN over TCP works is said as such; nothing answering fails', () => {
    const udpBlocked = iceStep([probe('stun:stun.acme.com:3478', {}), probe('turn:turn.acme.com:3478', {}), probe('turn:turn.acme.com:3478?transport=tcp', { relay: true })], (t) => t);
    expect(udpBlocked.verdict).toBe('warning');
    expect(text(udpBlocked.say)).toMatch(/^UDP seems blocked: stun:stun.acme.com:3478 \(nothing\); turn:turn.acme.com:3478 \(nothing\) got no answer, while turn:turn.acme.com:3478\?transport=tcp \(relay\) works/u);
    expect(iceStep([probe('turn:turn.acme.com', {})], (t) => t).verdict).toBe('failed');
    expect(iceStep([], (t) => t).verdict).toBe('passed');
    expect(urlKind('turns:turn.acme.com:5349?transport=tcp')).toEqual({ kind: 'turn', transport: 'tls' });
  });

  it('echo: a good call passes with its figures; nothing back is "no audio path", never a MOS; 404 says the extension is missing', () => {
    const good = echoStep('*43', echo(), words);
    expect(good.verdict).toBe('passed');
    expect(text(good.say)).toContain('MOS 4.4');
    expect(text(good.say)).toContain('You would hear yourself 220 ms later. The call\'s audio went host/udp.');
    const noPath = echoStep('*43', echo({ packetsBack: 0, mos: null, lossBackPercent: null, jitterBackMs: null }), words);
    expect([noPath.verdict, noPath.say.key]).toEqual(['failed', 'check.echo.noPath']);
    expect(text(noPath.say)).not.toContain('MOS');
    expect(echoStep('*43', echo({ mos: 3.2, lossBackPercent: 12 }), words).verdict).toBe('failed');
    expect(echoStep('*43', echo({ mos: 3.8 }), words).verdict).toBe('warning');
    expect(echoStep('*99', echo({ notConnected: { status: 404, detail: 'Not Found' } }), words).say.key).toBe('check.echo.missing');
  });

  it('microphone and speaker', () => {
    expect(microphoneStep(echo()).verdict).toBe('passed');
    expect(microphoneStep(echo({ micActive: 0 })).verdict).toBe('failed');
    expect(microphoneStep(null).verdict).toBe('skipped');
    expect([speakerStep(true).verdict, speakerStep(false).verdict, speakerStep(null).verdict]).toEqual(['passed', 'failed', 'skipped']);
  });
});

describe('the check\'s words', () => {
  it('are said in the language the step is read in, not the one it was made in', () => {
    const { audio, iceType } = checkWords();
    const step = echoStep('*43', echo({ lossSentPercent: null, delayMs: null, pair: { local: 'relay', remote: 'host', protocol: 'udp', relayProtocol: 'tcp' } }), audio);
    const inEnglish = speakIn(en, step.say) ?? '';
    const inSpanish = speakIn(es, step.say) ?? '';
    expect(inEnglish).toContain(`${en['quality.candidate.relay']} (TCP) ↔ ${en['quality.candidate.host']}, UDP`);
    expect(inEnglish).toContain(en['check.echo.notReported']);
    expect(inSpanish).toContain(`${es['quality.candidate.relay']} (TCP) ↔ ${es['quality.candidate.host']}, UDP`);
    expect(inSpanish).toContain(es['check.echo.delayUnknown']);
    expect(inSpanish).not.toContain('@');
    const reported = echoStep('*43', echo({ lossBackPercent: 1.5, lossSentPercent: 2.5 }), audio);
    expect(speakIn(en, reported.say)).toContain('loss 1.5% back and 2.5% sent');
    expect(speakIn(es, reported.say)).toContain('pérdida 1.5 % de vuelta y 2.5 % de ida');
    const ice = iceStep([probe('turn:turn.acme.test:3478?transport=udp', {})], iceType);
    expect(speakIn(es, ice.say)).toContain(es['check.ice.type.nothing']);
    expect(speakIn(en, ice.say)).toContain(en['check.ice.type.nothing']);
  });

  it('leave other text with an @ as it was (only the check\'s and the call quality\'s words count)', () => {
    const said = speakIn(en, { key: 'check.echo.failed', params: { extension: '*43', detail: 'it@example.com, @op.signIn, @quality.nothing.such' } });
    expect(said).toContain('it@example.com, @op.signIn, @quality.nothing.such');
  });
});
