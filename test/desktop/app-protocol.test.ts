// The app:// scheme's handler (no Electron needed: it answers Fetch API
// Requests with Responses): our files on our host only, nothing outside
// out/renderer, the strict headers on every answer, and the scheme registered
// as standard and secure.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../common/content-security-policy';
import { APP_ORIGIN, appResponse, registerAppScheme } from '../../main/desktop/app-protocol';

let dir: string;
let rendererDir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'app-protocol-'));
  rendererDir = join(dir, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<div id="root"></div>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(rendererDir, 'assets', 'phone-runner-Bx2hfC-t.js'), 'console.log(2)');
  writeFileSync(join(dir, 'secret.txt'), 'outside');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = (url: string, method = 'GET') => appResponse({ url, method }, rendererDir);

describe('app:// handler', () => {
  it('serves index.html at / and the assets, with the CSP and no-sniff headers', async () => {
    const index = await get(`${APP_ORIGIN}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(index.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await index.text()).toContain('<div id="root">');
    const script = await get(`${APP_ORIGIN}/assets/app.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log(1)');
  });

  it('lets a content-named chunk be kept for good, and index.html and other files never', async () => {
    const chunk = await get(`${APP_ORIGIN}/assets/phone-runner-Bx2hfC-t.js`);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    for (const path of ['/', '/index.html', '/assets/app.js']) expect((await get(`${APP_ORIGIN}${path}`)).headers.get('cache-control')).toBe('no-store');
  });

  it.each(['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/%00.js', '/nope.js', '/assets', '/%E0%A4%A'])('answers 404 for %s', async (path) => {
    const answer = await get(`${APP_ORIGIN}${path}`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('answers only on its own host and scheme', async () => {
    expect((await get('app://other/index.html')).status).toBe(404);
    expect((await get('app://renderer:8080/index.html')).status).toBe(404);
    expect((await get('file:///index.html')).status).toBe(404);
  });

  it('answers only GET and HEAD', async () => {
    expect((await get(`${APP_ORIGIN}/index.html`, 'POST')).status).toBe(405);
    const head = await get(`${APP_ORIGIN}/index.html`, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('registers app as a standard, secure scheme', () => {
    const registered: unknown[] = [];
    registerAppScheme({ registerSchemesAsPrivileged: (schemes) => void registered.push(...schemes) });
    expect(registered).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }]);
  });
});
