// Serves the built renderer (out/renderer) to the browser: GET/HEAD only,
// nothing outside the folder, strict security headers on every answer.
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../common/content-security-policy';

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

export function assertRendererBuilt(rendererDir: string): void {
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(`The renderer is not built (no ${join(rendererDir, 'index.html')}). Run "npm run build" first.`);
  }
}

/**
 * `allowedHosts`: the Host headers we answer (127.0.0.1:<port>); any other
 * name pointing at loopback (DNS rebinding) gets 421.
 */
export function serveStatic(rendererDir: string, request: IncomingMessage, response: ServerResponse, allowedHosts: readonly string[]): void {
  const root = resolve(rendererDir);
  if (!allowedHosts.includes(request.headers.host ?? '')) return answer(response, 421, 'This server answers only to 127.0.0.1.');
  if (request.method !== 'GET' && request.method !== 'HEAD') return answer(response, 405, 'Only GET and HEAD are served here.');
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
  } catch {
    return answer(response, 400, 'Bad address.');
  }
  const relative = pathname === '/' ? 'index.html' : normalize(pathname).replace(/^[/\\]+/, '');
  const file = resolve(root, relative);
  if (file !== root && !file.startsWith(root + sep)) return answer(response, 404, 'Not found.');
  if (!existsSync(file) || !statSync(file).isFile()) return answer(response, 404, 'Not found.');
  response.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
  if (request.method === 'HEAD') return void response.end();
  createReadStream(file).pipe(response);
}

function answer(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(text);
}
