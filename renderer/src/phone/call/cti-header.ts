/**
 * Reads the call context (CTI) from a SIP header. Tolerant of what proxies and
 * platforms do to header values: surrounding quotes, URL-encoding, base64.
 * The schema is the domain's (`common/domain/cti`).
 */
import { parseCtiText, type Cti } from '../../../../common/domain/cti';

export type CtiRead = { readonly cti: Cti | null; readonly error: string | null };

function candidates(raw: string): string[] {
  const text = raw.trim();
  const out = [text];
  if (/^".*"$/s.test(text)) out.push(text.slice(1, -1).replace(/\\"/g, '"'));
  try {
    const decoded = decodeURIComponent(text);
    if (decoded !== text) out.push(decoded);
  } catch {
    // not URL-encoded
  }
  if (/^[A-Za-z0-9+/=_-]+$/.test(text) && text.length % 4 === 0) {
    try {
      out.push(atob(text.replace(/-/g, '+').replace(/_/g, '/')));
    } catch {
      // not base64
    }
  }
  return out;
}

export function readCtiHeader(raw: string | undefined): CtiRead {
  if (raw === undefined || raw.trim() === '') return { cti: null, error: null };
  let firstError: string | null = null;
  for (const text of candidates(raw)) {
    const parsed = parseCtiText(text);
    if (parsed.ok) return { cti: parsed.value, error: null };
    firstError ??= parsed.error;
  }
  return { cti: null, error: firstError };
}
