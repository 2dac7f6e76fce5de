// The streaming form parser and decoders give the same result however the
// body is cut into chunks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Base64DecodeError, Base64StreamDecoder } from '../../../simulator/http/base64-decoder';
import { parseFormStream } from '../../../simulator/http/form-stream';
import { PercentDecoder } from '../../../simulator/http/percent-decoder';

/** Cuts `data` at the given fractions. */
function chunked(data: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => Math.floor(c * data.length)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let last = 0;
  for (const p of [...points, data.length]) {
    chunks.push(data.subarray(last, p));
    last = p;
  }
  return chunks;
}

async function* iterate(chunks: Buffer[]): AsyncGenerator<Buffer> {
  for (const c of chunks) yield c;
}

const cutsArb = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 });

describe('parseFormStream', () => {
  it('streams fileb64 and keeps the small fields, whatever the chunking', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), fc.string({ maxLength: 20 }), fc.boolean(), cutsArb, async (content, campaign, first, cuts) => {
        const b64 = Buffer.from(content).toString('base64');
        const small = new URLSearchParams({ campaign, cant: '7' }).toString();
        const file = `fileb64=${encodeURIComponent(b64)}`;
        const body = Buffer.from(first ? `${file}&${small}` : `${small}&${file}`);
        const decoder = new Base64StreamDecoder();
        const out: Buffer[] = [];
        const { fields, streamed } = await parseFormStream(iterate(chunked(body, cuts)), {
          streamed: { fileb64: () => ({ write: (c) => void out.push(decoder.push(c)), end: () => void out.push(decoder.end()) }) },
          maxSmallBytes: 10_000,
          maxTotalBytes: 100_000,
        });
        expect(Buffer.concat(out).equals(Buffer.from(content))).toBe(true);
        expect([fields.get('campaign'), fields.get('cant'), streamed.has('fileb64')]).toEqual([campaign, '7', true]);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a body past the total cap and small fields past theirs', async () => {
    const opts = { streamed: {}, maxSmallBytes: 10, maxTotalBytes: 1000 };
    await expect(parseFormStream(iterate([Buffer.from('a=12345678901')]), opts)).rejects.toThrow(/too large/);
    await expect(parseFormStream(iterate([Buffer.alloc(1001, 0x61)]), { ...opts, maxSmallBytes: 5000 })).rejects.toThrow(/too large/);
  });

  it('keeps the first of repeated keys and accepts keys without a value', async () => {
    const { fields } = await parseFormStream(iterate([Buffer.from('d2=a&d2=b&flag&x=%C3%B1+y')]), { streamed: {}, maxSmallBytes: 100, maxTotalBytes: 100 });
    expect([fields.get('d2'), fields.get('flag'), fields.get('x')]).toEqual(['a', '', 'ñ y']);
  });
});

describe('PercentDecoder', () => {
  it('decodes escapes split across chunks', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), cutsArb, (text, cuts) => {
        const encoded = Buffer.from(encodeURIComponent(text).replace(/%20/g, '+'));
        const decoder = new PercentDecoder();
        const out = Buffer.concat(chunked(encoded, cuts).map((c) => decoder.decode(c)));
        decoder.end();
        expect(out.toString('utf8')).toBe(text);
      }),
    );
  });

  it('refuses a broken escape', () => {
    expect(() => new PercentDecoder().decode(Buffer.from('%G1'))).toThrow();
    const d = new PercentDecoder();
    d.decode(Buffer.from('ab%4'));
    expect(() => d.end()).toThrow();
  });
});

describe('Base64StreamDecoder', () => {
  it('decodes padded and unpadded base64 cut anywhere', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.boolean(), cutsArb, (bytes, pad, cuts) => {
        let b64 = Buffer.from(bytes).toString('base64');
        if (!pad) b64 = b64.replace(/=+$/, '');
        const decoder = new Base64StreamDecoder();
        const out = Buffer.concat([...chunked(Buffer.from(b64), cuts).map((c) => decoder.push(c)), decoder.end()]);
        expect(out.equals(Buffer.from(bytes))).toBe(true);
      }),
    );
  });

  it('refuses characters outside the alphabet, data after padding and a cut-short end', () => {
    expect(() => new Base64StreamDecoder().push(Buffer.from('QU JD'))).toThrow(Base64DecodeError);
    expect(() => new Base64StreamDecoder().push(Buffer.from('QQ==QQ'))).toThrow(Base64DecodeError);
    const d = new Base64StreamDecoder();
    d.push(Buffer.from('QUJDR'));
    expect(() => d.end()).toThrow(Base64DecodeError);
  });
});
