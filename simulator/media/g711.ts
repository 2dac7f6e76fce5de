// G.711 µ-law (PCMU, RTP payload type 0) and A-law (PCMA, 8) codecs (ITU-T G.711),
// 16-bit linear samples in and out.

const BIAS = 0x84;
const CLIP = 32635;

export function linearToMulaw(sample: number): number {
  let s = Math.max(-32768, Math.min(32767, Math.round(sample)));
  const sign = s < 0 ? 0x80 : 0;
  if (sign) s = -s;
  s = Math.min(s, CLIP) + BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

export function mulawToLinear(byte: number): number {
  const u = ~byte & 0xff;
  const exponent = (u >> 4) & 0x07;
  const magnitude = ((((u & 0x0f) << 3) + BIAS) << exponent) - BIAS;
  return u & 0x80 ? -magnitude : magnitude;
}

export function linearToAlaw(sample: number): number {
  let s = Math.max(-32768, Math.min(32767, Math.round(sample)));
  const sign = s >= 0 ? 0x80 : 0;
  if (!sign) s = -s - 1;
  s = Math.max(0, s);
  let code: number;
  if (s < 256) {
    code = s >> 4;
  } else {
    let exponent = 1;
    for (let v = s >> 8; v > 1 && exponent < 7; v >>= 1) exponent++;
    code = (exponent << 4) | ((s >> (exponent + 3)) & 0x0f);
  }
  return (sign | code) ^ 0x55;
}

export function alawToLinear(byte: number): number {
  const a = byte ^ 0x55;
  const exponent = (a >> 4) & 0x07;
  let magnitude = (a & 0x0f) << 4;
  magnitude = exponent === 0 ? magnitude + 8 : (magnitude + 0x108) << (exponent - 1);
  return a & 0x80 ? magnitude : -magnitude;
}

export type G711Law = 'mulaw' | 'alaw';

/** The law of an RTP static payload type, or undefined for any other type. */
export function lawOfPayloadType(payloadType: number): G711Law | undefined {
  if (payloadType === 0) return 'mulaw';
  if (payloadType === 8) return 'alaw';
  return undefined;
}

export function encodeG711(samples: Int16Array, law: G711Law): Buffer {
  const out = Buffer.alloc(samples.length);
  const encode = law === 'mulaw' ? linearToMulaw : linearToAlaw;
  for (let i = 0; i < samples.length; i++) out[i] = encode(samples[i] ?? 0);
  return out;
}

export function decodeG711(payload: Uint8Array, law: G711Law): Int16Array {
  const out = new Int16Array(payload.length);
  const decode = law === 'mulaw' ? mulawToLinear : alawToLinear;
  for (let i = 0; i < payload.length; i++) out[i] = decode(payload[i] ?? 0);
  return out;
}
