import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

// Writes a dialing list of about `bytes` bytes, streamed in ~1 MiB chunks so
// generating a 200 MB file costs the benchmark no memory. Returns the record count.

export async function generateDialingList(path: string, bytes: number): Promise<number> {
  const out = createWriteStream(path);
  const header = 'phone,first_name,last_name,city,data\n';
  out.write(header);
  let written = header.length;
  let records = 0;
  while (written < bytes) {
    const lines: string[] = [];
    let chunkBytes = 0;
    while (chunkBytes < 1024 * 1024 && written + chunkBytes < bytes) {
      const n = records + lines.length;
      const line = `54911${String(50_000_000 + n).padStart(8, '0')},Nombre${n % 997},Apellido${n % 1009},Ciudad ${n % 13},id=${n};plan=basic\n`;
      lines.push(line);
      chunkBytes += line.length;
    }
    records += lines.length;
    written += chunkBytes;
    if (!out.write(lines.join(''))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return records;
}
