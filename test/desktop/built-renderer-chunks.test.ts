// Issue 23 split the page into chunks loaded on demand (the UI, each
// language's table, the supervisor console). Every file the built page names
// (index.html's script, stylesheet and modulepreload links, and each chunk's
// imports and preload list) must be answered by the app:// handler (Electron)
// with a script or stylesheet type; the browser host serves the same files
// through the same lookup (renderer-files).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureRendererBuilt } from '../../main/browser-host/ensure-renderer';
import { APP_ORIGIN, appResponse } from '../../main/desktop/app-protocol';
import { CONTENT_SECURITY_POLICY } from '../../common/content-security-policy';

let rendererDir: string;
beforeAll(() => {
  rendererDir = ensureRendererBuilt(resolve(import.meta.dirname, '../..'));
}, 180_000);

/** `assets/x.js` and `assets/x.css` named by the page and by each chunk (imports, `__vite__mapDeps` lists). */
function namedFiles(): Set<string> {
  const named = new Set<string>();
  const html = readFileSync(join(rendererDir, 'index.html'), 'utf8');
  for (const match of html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+)"/g)) named.add(match[1] ?? '');
  for (const file of readdirSync(join(rendererDir, 'assets')).filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(join(rendererDir, 'assets', file), 'utf8');
    for (const match of code.matchAll(/["'`]\.\/([\w.-]+\.(?:js|css))["'`]/g)) named.add(`assets/${match[1] ?? ''}`);
  }
  return named;
}

describe('the built page over app://', () => {
  it('names its chunks: a first one, the UI, each language, the supervisor console', () => {
    const files = [...namedFiles()].map((file) => file.replace(/^assets\//, '').replace(/-[\w-]{8}\.(js|css)$/, '.$1'));
    for (const chunk of ['index.js', 'mount.js', 'es.js', 'en.js', 'supervisor-area.js']) expect(files).toContain(chunk);
  });

  it('serves every file the page and its chunks name, typed, with the CSP', async () => {
    const named = namedFiles();
    expect(named.size).toBeGreaterThan(5);
    for (const file of named) {
      const answer = await appResponse({ url: `${APP_ORIGIN}/${file}`, method: 'GET' }, rendererDir);
      expect(answer.status, file).toBe(200);
      expect(answer.headers.get('content-type'), file).toBe(file.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8');
      expect(answer.headers.get('content-security-policy'), file).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  it('has no inline script in index.html (the CSP allows none)', () => {
    const html = readFileSync(join(rendererDir, 'index.html'), 'utf8');
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\bsrc="/);
  });
});
