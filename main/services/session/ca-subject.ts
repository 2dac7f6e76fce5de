// Who a CA file's certificate is issued to, for the question main asks before
// trusting it (main/desktop/setting-confirmation.ts).
import { X509Certificate } from 'node:crypto';
import { readCaFile } from '../../api';

/** The first certificate's subject on one line, or null when the file cannot be read as one. */
export function caSubject(path: string): string | null {
  const read = readCaFile(path);
  if (!read.ok) return null;
  try {
    return new X509Certificate(read.pem).subject.replaceAll('\n', ', ');
  } catch {
    return null;
  }
}
