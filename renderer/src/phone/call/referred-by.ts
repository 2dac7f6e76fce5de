/**
 * Who transferred an incoming call here, from its `Referred-By` header
 * (RFC 3892; Asterisk copies the transferring agent's AOR into the INVITE it
 * places for a transfer): that agent's extension, i.e. the user part of the
 * URI, else its display name. Pure. The caller's platform controls the
 * header, so what comes out is cleaned like every caller text
 * (untrusted-text.ts) and bounded.
 */
import { asOneLine } from '../../../../common/untrusted-text';

/** Longer is not an extension or a name an agent reads at a glance. */
export const REFERRED_BY_MAX = 64;

export function readReferredBy(header: string | undefined): string | null {
  if (header === undefined) return null;
  const value = header.slice(0, 1_024);
  const uri = /<\s*sips?:([^>]*)>/i.exec(value)?.[1] ?? /^\s*sips?:([^\s;,>]*)/i.exec(value)?.[1];
  const user = uri?.includes('@') ? uri.slice(0, uri.indexOf('@')).split(';')[0] : undefined;
  const name = /^\s*"((?:[^"\\]|\\.)*)"/.exec(value)?.[1]?.replace(/\\(.)/g, '$1');
  const shown = clean(user !== undefined ? decoded(user) : (name ?? ''));
  return shown === '' ? null : shown;
}

function decoded(user: string): string {
  try {
    return decodeURIComponent(user);
  } catch {
    return user; // a stray % is shown as it came
  }
}

function clean(text: string): string {
  return [...asOneLine(text)].slice(0, REFERRED_BY_MAX).join('');
}
