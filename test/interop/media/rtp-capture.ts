// Reads the pcap that rtpengine writes for a recorded call (raw IPv4/UDP,
// SRTP already decrypted) and decodes G.711 µ-law payloads, so a test can
// measure what crossed the customer's leg of the media server in any window.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RtpPacket {
  /** Capture time, epoch ms. */
  at: number;
  src: string;
  dst: string;
  payloadType: number;
  payload: Buffer;
}

const LINKTYPE_RAW = [12, 14, 101];
/** The pcap files are bounded by the test's call lengths; refuse anything absurd. */
const MAX_PCAP_BYTES = 64 * 1024 * 1024;

/** Every RTP packet of every call recorded under `recordingDir` (rtpengine's `pcaps/`), oldest first. */
export function readRecordedRtp(recordingDir: string): RtpPacket[] {
  const dir = join(recordingDir, 'pcaps');
  if (!existsSync(dir)) return [];
  const packets: RtpPacket[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.pcap'))) {
    const bytes = readFileSync(join(dir, file));
    if (bytes.length > MAX_PCAP_BYTES) throw new Error(`${file} is larger than ${MAX_PCAP_BYTES} bytes`);
    packets.push(...parsePcap(bytes));
  }
  return packets.sort((a, b) => a.at - b.at);
}

export function parsePcap(bytes: Buffer): RtpPacket[] {
  if (bytes.length < 24 || bytes.readUInt32LE(0) !== 0xa1b2c3d4) return [];
  if (!LINKTYPE_RAW.includes(bytes.readUInt32LE(20))) throw new Error(`unexpected pcap link type ${bytes.readUInt32LE(20)}`);
  const packets: RtpPacket[] = [];
  let offset = 24;
  // A record still being written at the end is left for the next read.
  while (offset + 16 <= bytes.length) {
    const seconds = bytes.readUInt32LE(offset);
    const micros = bytes.readUInt32LE(offset + 4);
    const length = bytes.readUInt32LE(offset + 8);
    const body = offset + 16;
    if (body + length > bytes.length) break;
    offset = body + length;
    const ip = bytes.subarray(body, body + length);
    if (ip.length < 28 || ip[0]! >> 4 !== 4 || ip[9] !== 17) continue;
    const udp = (ip[0]! & 0x0f) * 4;
    const rtp = ip.subarray(udp + 8);
    if (rtp.length < 12 || rtp[0]! >> 6 !== 2) continue;
    const headerLength = 12 + (rtp[0]! & 0x0f) * 4;
    packets.push({
      at: seconds * 1000 + micros / 1000,
      src: `${ip.subarray(12, 16).join('.')}:${ip.readUInt16BE(udp)}`,
      dst: `${ip.subarray(16, 20).join('.')}:${ip.readUInt16BE(udp + 2)}`,
      payloadType: rtp[1]! & 0x7f,
      payload: rtp.subarray(headerLength),
    });
  }
  return packets;
}

/** G.711 µ-law (payload type 0) bytes to samples, -1..1. */
export function decodeMuLaw(payload: Buffer): Float32Array {
  const out = new Float32Array(payload.length);
  for (let i = 0; i < payload.length; i += 1) {
    const byte = ~payload[i]! & 0xff;
    const exponent = (byte >> 4) & 0x07;
    const magnitude = ((((byte & 0x0f) << 3) + 0x84) << exponent) - 0x84;
    out[i] = ((byte & 0x80) !== 0 ? -magnitude : magnitude) / 32_768;
  }
  return out;
}

/** The µ-law audio of the packets (in capture order) that match `filter`, as one signal. */
export function muLawAudio(packets: RtpPacket[], filter: (p: RtpPacket) => boolean): Float32Array {
  const parts = packets.filter((p) => p.payloadType === 0 && filter(p)).map((p) => decodeMuLaw(p.payload));
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
