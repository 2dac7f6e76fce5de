import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alawToLinear, decodeG711, encodeG711, linearToAlaw, linearToMulaw, mulawToLinear } from '../../../simulator/media/g711';
import { LevelMeter, rmsOf } from '../../../simulator/media/level-meter';
import { sdpDirection } from '../../../simulator/media/sdp-direction';
import { DtmfCollector, parseTelephoneEvent } from '../../../simulator/media/telephone-event';
import { ToneGenerator } from '../../../simulator/media/tone';

describe('G.711', () => {
  it('encodes silence as the standard idle bytes (µ-law 0xFF, A-law 0xD5)', () => {
    expect(linearToMulaw(0)).toBe(0xff);
    expect(linearToAlaw(0)).toBe(0xd5);
  });

  it('round-trips any 16-bit sample within the law’s quantisation step', () => {
    fc.assert(
      fc.property(fc.integer({ min: -32768, max: 32767 }), (sample) => {
        // Logarithmic laws: the error grows with the magnitude, about 1/16 of it at most.
        const bound = Math.max(140, Math.abs(sample) / 16);
        expect(Math.abs(mulawToLinear(linearToMulaw(sample)) - sample)).toBeLessThanOrEqual(bound);
        expect(Math.abs(alawToLinear(linearToAlaw(sample)) - sample)).toBeLessThanOrEqual(bound);
      }),
    );
  });

  it('keeps the level of a 440 Hz tone through both laws', () => {
    const frame = new ToneGenerator(440, 0.3).nextFrame(800);
    for (const law of ['alaw', 'mulaw'] as const) {
      expect(rmsOf(decodeG711(encodeG711(frame, law), law))).toBeCloseTo(rmsOf(frame), 2);
    }
    expect(rmsOf(frame)).toBeCloseTo(0.3 / Math.SQRT2, 2);
  });
});

describe('LevelMeter', () => {
  it('reports silence as 0 and keeps the loudest packet as peak', () => {
    const meter = new LevelMeter();
    meter.add(new Int16Array(160));
    expect(meter.report()).toMatchObject({ packets: 1, rms: 0, peakRms: 0 });
    meter.add(new ToneGenerator(440, 0.5).nextFrame());
    meter.add(new Int16Array(160));
    const report = meter.report();
    expect(report.packets).toBe(3);
    expect(report.peakRms).toBeGreaterThan(0.3);
    expect(report.rms).toBeLessThan(report.peakRms);
  });
});

describe('SDP direction', () => {
  const sdp = (lines: string[]): string => ['v=0', 'o=- 1 1 IN IP4 127.0.0.1', 's=-', 't=0 0', ...lines, ''].join('\r\n');

  it('reads the audio section, then the session level, then defaults to sendrecv', () => {
    expect(sdpDirection(sdp(['m=audio 9 UDP/TLS/RTP/SAVPF 8', 'a=sendonly']))).toBe('sendonly');
    expect(sdpDirection(sdp(['a=inactive', 'm=audio 9 UDP/TLS/RTP/SAVPF 8']))).toBe('inactive');
    expect(sdpDirection(sdp(['m=audio 9 UDP/TLS/RTP/SAVPF 8']))).toBe('sendrecv');
    expect(sdpDirection(sdp(['m=audio 9 RTP/AVP 0', 'a=recvonly', 'm=video 9 RTP/AVP 96', 'a=sendonly']))).toBe('recvonly');
  });
});

describe('RFC 4733 telephone-events', () => {
  it('parses digit, end bit and duration', () => {
    expect(parseTelephoneEvent(Uint8Array.from([5, 0x8a, 0x03, 0x20]))).toEqual({ digit: '5', end: true, durationSamples: 800 });
    expect(parseTelephoneEvent(Uint8Array.from([11, 0x0a, 0, 160]))?.digit).toBe('#');
    expect(parseTelephoneEvent(Uint8Array.from([16, 0, 0, 0]))).toBeUndefined();
    expect(parseTelephoneEvent(Uint8Array.from([1, 2]))).toBeUndefined();
  });

  it('reports each event once although it spans several packets', () => {
    const digits: string[] = [];
    const collector = new DtmfCollector((digit) => digits.push(digit));
    for (const [event, ts] of [[7, 1000], [7, 1000], [7, 1000], [2, 3000], [2, 3000], [7, 5000]] as const) {
      collector.add(Uint8Array.from([event, 0x0a, 0, 160]), ts);
    }
    expect(digits).toEqual(['7', '2', '7']);
  });
});
