// The page's own scheme (issue 14): Electron loads the renderer from
// app://renderer/, never file://, so 'self' in the CSP means our files only
// and every origin check compares one exact origin. The scheme is registered
// as standard and secure (before the app is ready) and served from
// out/renderer with the same strict headers as the browser host.
import { readFile } from 'node:fs/promises';
import type { Protocol } from 'electron';
import { headersFor, rendererFile, SECURITY_HEADERS } from '../services/renderer-files';

export const APP_SCHEME = 'app';
export const APP_HOST = 'renderer';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/** Must run before `app` is ready. */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

export function serveAppScheme(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => appResponse(request, rendererDir));
}

/** The answer to one app:// request: GET/HEAD of a file of ours on our host, else an error status. */
export async function appResponse(request: Pick<Request, 'url' | 'method'>, rendererDir: string): Promise<Response> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return plain(400, 'Bad address.');
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return plain(404, 'Not found.');
  if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Only GET and HEAD are served here.');
  const file = rendererFile(rendererDir, url.pathname);
  if (file === null) return plain(404, 'Not found.');
  const body = request.method === 'HEAD' ? null : await readFile(file);
  return new Response(body, { status: 200, headers: headersFor(url.pathname, file) });
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
}
