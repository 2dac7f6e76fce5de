import type { ListEncoding } from './dialing-list-analysis';
import { openDialingList } from './open-dialing-list';

// The Upload Base request body, produced as the file is read: bytes → text
// (from the detected encoding) → UTF-8 without BOM → base64 → percent-encoded
// form value. Memory stays bounded by one chunk, whatever the file size.

export interface UploadBodySource {
  path: string;
  encoding: ListEncoding;
  /** The other form fields, already encoded, placed before `fileb64`. */
  fields: URLSearchParams;
  onBytesRead?: (bytesRead: number) => void;
  signal?: AbortSignal;
  /** Thrown when a NUL byte shows up mid-file (the head looked like text). */
  onBinary: () => Error;
}

const CHUNK = 64 * 1024;

export async function* uploadBody(source: UploadBodySource): AsyncGenerator<Buffer> {
  yield Buffer.from(`${source.fields.toString()}&fileb64=`, 'latin1');
  const decoder = new TextDecoder(source.encoding === 'windows-1252' ? 'windows-1252' : 'utf-8'); // strips a BOM
  let carry: Buffer = Buffer.alloc(0);
  let bytesRead = 0;
  const { handle } = await openDialingList(source.path);
  try {
    source.signal?.throwIfAborted(); // see openDialingList
    const stream = handle.createReadStream({ start: 0, autoClose: false, highWaterMark: CHUNK, ...(source.signal ? { signal: source.signal } : {}) });
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (chunk.includes(0)) throw source.onBinary();
      bytesRead += chunk.length;
      source.onBytesRead?.(bytesRead);
      const utf8 = Buffer.concat([carry, Buffer.from(decoder.decode(chunk, { stream: true }), 'utf8')]);
      const whole = utf8.length - (utf8.length % 3);
      carry = utf8.subarray(whole);
      if (whole > 0) yield percentEncodeBase64(utf8.subarray(0, whole).toString('base64'));
    }
  } finally {
    await handle.close();
  }
  const tail = Buffer.concat([carry, Buffer.from(decoder.decode(), 'utf8')]);
  if (tail.length > 0) yield percentEncodeBase64(tail.toString('base64'));
}

/** Base64's `+`, `/` and `=` are the only characters a form value must escape. */
function percentEncodeBase64(base64: string): Buffer {
  return Buffer.from(base64.replace(/[+/=]/g, (c) => (c === '+' ? '%2B' : c === '/' ? '%2F' : '%3D')), 'latin1');
}
