// The interop tier's measuring tools (test/interop/media): a test that says
// "baresip heard the page's tone" is only as good as these.
import { describe, expect, it } from 'vitest';
import { decodeMuLaw, muLawAudio, parsePcap } from '../interop/media/rtp-capture';
import { readWav, rms, toneShare, toneWav } from '../interop/media/wav';

/** µ-law encoding (G.711), the inverse of what the tool decodes. */
function encodeMuLaw(sample: number): number {
  const BIAS = 0x84;
  let value = Math.max(-32_635, Math.min(32_635, Math.round(sample * 32_768)));
  const sign = value < 0 ? 0x80 : 0;
  if (value < 0) value = -value;
  value += BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (value & mask) === 0 && exponent > 0; mask >>= 1) exponent -= 1;
  const mantissa = (value >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

function pcapOf(packets: Array<{ at: number; payloadType: number; payload: Buffer }>): Buffer {
  const header = Buffer.alloc(24);
  header.writeUInt32LE(0xa1b2c3d4, 0);
  header.writeUInt32LE(101, 20);
  const records = packets.map(({ at, payloadType, payload }) => {
    const rtp = Buffer.concat([Buffer.from([0x80, payloadType, 0, 1, 0, 0, 0, 160, 1, 2, 3, 4]), payload]);
    const ip = Buffer.alloc(28);
    ip[0] = 0x45;
    ip[9] = 17;
    ip.set([127, 0, 0, 1], 12);
    ip.set([127, 0, 0, 2], 16);
    ip.writeUInt16BE(4000, 20);
    ip.writeUInt16BE(5000, 22);
    const body = Buffer.concat([ip, rtp]);
    const record = Buffer.alloc(16);
    record.writeUInt32LE(Math.floor(at / 1000), 0);
    record.writeUInt32LE((at % 1000) * 1000, 4);
    record.writeUInt32LE(body.length, 8);
    record.writeUInt32LE(body.length, 12);
    return Buffer.concat([record, body]);
  });
  return Buffer.concat([header, ...records]);
}

describe('media measures', () => {
  it('tells a tone from another tone and from silence, across phase jumps', () => {
    const tone = readWav(toneWav({ frequency: 1_000, seconds: 1, sampleRate: 8_000, amplitude: 0.3 })).samples;
    expect(rms(tone)).toBeCloseTo(0.3 / Math.SQRT2, 2);
    expect(toneShare(tone, 8_000, 1_000)).toBeGreaterThan(0.95);
    expect(toneShare(tone, 8_000, 440)).toBeLessThan(0.05);
    expect(toneShare(new Float32Array(8_000), 8_000, 1_000)).toBe(0);
    // Two pieces joined out of phase (a pause on hold): still the tone.
    const joined = new Float32Array(16_000);
    joined.set(tone.subarray(0, 4_003));
    joined.set(tone.subarray(0, 8_000), 4_003);
    expect(toneShare(joined.subarray(0, 12_003), 8_000, 1_000)).toBeGreaterThan(0.9);
  });

  it('counts a tone with vibrato over its band, and two voices mixed each by its own share', () => {
    const voice = (frequency: number) => readWav(toneWav({ frequency, seconds: 2, sampleRate: 8_000, amplitude: 0.3, vibratoHz: 60 })).samples;
    const [ana, bruno] = [voice(1_000), voice(1_500)];
    // Its wandering pitch leaves the single bin …
    expect(toneShare(ana, 8_000, 1_000)).toBeLessThan(0.2);
    // … but not the band around it; another voice's band holds nothing of it.
    expect(toneShare(ana, 8_000, 1_000, 100)).toBeGreaterThan(0.95);
    expect(toneShare(ana, 8_000, 1_500, 100)).toBeLessThan(0.01);
    const mix = ana.map((sample, i) => (sample + bruno[i]!) / 2);
    expect(toneShare(mix, 8_000, 1_000, 100)).toBeCloseTo(0.5, 1);
    expect(toneShare(mix, 8_000, 1_500, 100)).toBeCloseTo(0.5, 1);
    // A voice 20 dB under another still measures as itself (1%), and the loud one leaks nothing into its band.
    const quiet = readWav(toneWav({ frequency: 1_000, seconds: 2, sampleRate: 8_000, amplitude: 0.03, vibratoHz: 60 })).samples;
    expect(toneShare(quiet.map((sample, i) => sample + bruno[i]!), 8_000, 1_000, 100)).toBeCloseTo(0.0099, 3);
    expect(toneShare(bruno, 8_000, 1_000, 100)).toBeLessThan(1e-6);
    // Noise spreads over the whole 4 kHz: a 200 Hz band holds about 200/4000 of it.
    let seed = 1;
    const noise = new Float32Array(8_000).map(() => ((seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647) - 0.5);
    expect(toneShare(noise, 8_000, 1_000, 100)).toBeLessThan(0.1);
  });

  it('reads a WAV file still being written (sizes in its header not yet set)', () => {
    const bytes = toneWav({ frequency: 440, seconds: 0.5, sampleRate: 8_000, amplitude: 0.5 });
    bytes.writeUInt32LE(0, 40);
    expect(readWav(bytes).samples).toHaveLength(4_000);
    expect(() => readWav(Buffer.from('not a wav file at all'))).toThrow(/not a WAV/u);
  });

  it('decodes G.711 µ-law and the RTP in a raw pcap, skipping a record cut short', () => {
    const source = readWav(toneWav({ frequency: 1_000, seconds: 0.1, sampleRate: 8_000, amplitude: 0.3 })).samples;
    const encoded = Buffer.from(Array.from(source, encodeMuLaw));
    const decoded = decodeMuLaw(encoded);
    for (let i = 0; i < source.length; i += 1) expect(Math.abs(decoded[i]! - source[i]!)).toBeLessThan(0.01);
    const pcap = pcapOf([
      { at: 1_000, payloadType: 0, payload: encoded.subarray(0, 400) },
      { at: 1_050, payloadType: 101, payload: Buffer.from([1, 0, 0, 160]) },
      { at: 1_100, payloadType: 0, payload: encoded.subarray(400) },
    ]);
    const packets = parsePcap(pcap.subarray(0, pcap.length - 10));
    expect(packets.map((p) => [p.at, p.src, p.dst, p.payloadType])).toEqual([
      [1_000, '127.0.0.1:4000', '127.0.0.2:5000', 0],
      [1_050, '127.0.0.1:4000', '127.0.0.2:5000', 101],
    ]);
    expect(muLawAudio(parsePcap(pcap), () => true)).toHaveLength(800);
  });
});
