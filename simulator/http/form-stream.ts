// A form-encoded body parsed as it arrives: named fields are percent-decoded
// chunk by chunk into a sink (never whole in memory); the others are small
// and kept, up to a cap.
import { FormFields } from './form-fields';
import { PercentDecoder } from './percent-decoder';

export class FormStreamError extends Error {}

export interface FieldSink {
  /** decoded bytes of the field, in order */
  write(chunk: Buffer): Promise<void> | void;
  end(): Promise<void> | void;
}

export interface FormStreamOptions {
  /** fields streamed into a sink, by name; each may appear once */
  streamed: Record<string, () => FieldSink>;
  /** bytes of all other fields together (as sent) */
  maxSmallBytes: number;
  /** bytes of the whole body (as sent) */
  maxTotalBytes: number;
}

const AMP = 0x26;
const EQ = 0x3d;
const maxKeyBytes = 1024;

type Target = { kind: 'small'; parts: Buffer[] } | { kind: 'stream'; sink: FieldSink; decoder: PercentDecoder };

export async function parseFormStream(source: AsyncIterable<Buffer>, options: FormStreamOptions): Promise<{ fields: FormFields; streamed: Set<string> }> {
  const small: [string, string][] = [];
  const streamed = new Set<string>();
  let total = 0;
  let smallBytes = 0;
  let key: Buffer[] = [];
  let keyBytes = 0;
  let target: Target | undefined; // set while reading a value
  let currentKey = '';

  const addKey = (part: Buffer): void => {
    keyBytes += part.length;
    if (keyBytes > maxKeyBytes) throw new FormStreamError('a field name is too long');
    key.push(part);
  };
  const startValue = (): void => {
    currentKey = decodeComponent(Buffer.concat(key).toString('utf8'));
    key = [];
    keyBytes = 0;
    const open = options.streamed[currentKey];
    if (open && streamed.has(currentKey)) throw new FormStreamError(`the field ${currentKey} appears twice`);
    if (open) streamed.add(currentKey);
    target = open ? { kind: 'stream', sink: open(), decoder: new PercentDecoder() } : { kind: 'small', parts: [] };
  };
  const addValue = async (part: Buffer): Promise<void> => {
    if (!target || part.length === 0) return;
    if (target.kind === 'stream') {
      const decoded = target.decoder.decode(part);
      if (decoded.length) await target.sink.write(decoded);
      return;
    }
    smallBytes += part.length;
    if (smallBytes > options.maxSmallBytes) throw new FormStreamError('the small fields are too large');
    target.parts.push(Buffer.from(part));
  };
  const endValue = async (): Promise<void> => {
    if (!target) return;
    if (target.kind === 'stream') {
      target.decoder.end();
      await target.sink.end();
    } else {
      small.push([currentKey, decodeComponent(Buffer.concat(target.parts).toString('utf8'))]);
    }
    target = undefined;
  };

  for await (const chunk of source) {
    total += chunk.length;
    if (total > options.maxTotalBytes) throw new FormStreamError('the body is too large');
    let i = 0;
    while (i < chunk.length) {
      if (!target) {
        let j = i;
        while (j < chunk.length && chunk[j] !== EQ && chunk[j] !== AMP) j++;
        addKey(chunk.subarray(i, j));
        if (j === chunk.length) break;
        startValue();
        if (chunk[j] === AMP) await endValue(); // a key without `=`: empty value
        i = j + 1;
      } else {
        const j = chunk.indexOf(AMP, i);
        await addValue(chunk.subarray(i, j === -1 ? chunk.length : j));
        if (j === -1) break;
        await endValue();
        i = j + 1;
      }
    }
  }
  if (target) await endValue();
  else if (keyBytes > 0) {
    startValue();
    await endValue();
  }
  return { fields: FormFields.from(small.filter(([k]) => k !== '')), streamed };
}

function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new FormStreamError('a field is not valid form encoding');
  }
}
