// Serves the built renderer (out/renderer) to the browser: GET/HEAD only,
// nothing outside the folder, strict security headers on every answer.
import { createReadStream, existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { headersFor, rendererFile, SECURITY_HEADERS } from '../services/renderer-files';

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
  let urlPath: string;
  try {
    urlPath = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  } catch {
    return answer(response, 400, 'Bad address.');
  }
  const file = rendererFile(root, urlPath);
  if (file === null) return answer(response, 404, 'Not found.');
  response.writeHead(200, headersFor(urlPath, file));
  if (request.method === 'HEAD') return void response.end();
  createReadStream(file).pipe(response);
}

function answer(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(text);
}
