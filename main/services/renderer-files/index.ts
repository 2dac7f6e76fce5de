// The built renderer's files (out/renderer) as both hosts serve them: the
// browser host over HTTP on 127.0.0.1, Electron through its app:// scheme.
// Which file an address names (nothing outside the folder), its type, and the
// strict headers every answer carries.
import { existsSync, statSync } from 'node:fs';
import { extname, normalize, resolve, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../../common/content-security-policy';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.json': 'application/json',
};

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'microphone=(self), camera=(), geolocation=()',
  'Cache-Control': 'no-store',
};

/** The Cache-Control of a file whose name changes with its content: kept for good. */
export const KEPT_FOR_GOOD = 'public, max-age=31536000, immutable';

/** A built chunk or style sheet: Vite names it after its content (`phone-runner-Bx2hfC-t.js`). */
const CONTENT_NAMED_ASSET = /^\/assets\/[\w.-]+-[\w-]{8}\.(?:js|css)$/u;

/**
 * The headers of a file of ours at `urlPath`. A content-named asset may be kept
 * for good: its name changes with its content, and a kept script lets Chromium
 * reuse the code it compiled last time instead of parsing it again at every
 * start. Everything else, index.html first (it names the assets of this build),
 * is fetched every time.
 */
export function headersFor(urlPath: string, file: string): Record<string, string> {
  const cacheControl = CONTENT_NAMED_ASSET.test(urlPath) ? KEPT_FOR_GOOD : 'no-store';
  return { ...SECURITY_HEADERS, 'Content-Type': contentTypeOf(file), 'Cache-Control': cacheControl };
}

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
}

/**
 * The file a URL path names inside `rendererDir` (`/` is index.html), or null:
 * a bad escape, a path that leaves the folder, or no such regular file.
 */
export function rendererFile(rendererDir: string, urlPath: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  const root = resolve(rendererDir);
  const relative = pathname === '/' || pathname === '' ? 'index.html' : normalize(pathname).replace(/^[/\\]+/u, '');
  const file = resolve(root, relative);
  if (file !== root && !file.startsWith(root + sep)) return null;
  return existsSync(file) && statSync(file).isFile() ? file : null;
}
