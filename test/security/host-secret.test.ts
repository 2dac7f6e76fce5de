// Issue 13, point 1: the browser host's secret was on Chromium's command line
// (--app=…#secret=), readable by any local user in /proc/*/cmdline. Now the
// browser gets a one-time code that dies at the page's first use, and (issue
// 21) that code is not on the command line either: it is in a launcher file in
// the browser's private profile. The secret is in no process's arguments or
// environment; one page at a time; the throw-away profile is deleted when the
// browser exits. one-time-code-watcher.test.ts races a real Chromium as nobody.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBrowserHost, type BrowserHost } from '../../main/browser-host';
import { ensureRendererBuilt } from '../../main/browser-host/ensure-renderer';
import { LAUNCHER_NAME, launcherHtml } from '../../main/browser-host/launcher-file';
import { openInBrowser } from '../../main/browser-host/open-browser';
import { bridgeSecretOf } from '../support/bridge-secret';

let host: BrowserHost;
let dir: string;
let fakeBrowser: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'host-secret-'));
  host = await startBrowserHost({ rendererDir: ensureRendererBuilt(resolve(import.meta.dirname, '../..')), dataDir: join(dir, 'data') });
  // Stands in for Chromium: a process that keeps the arguments it was given, as Chromium does.
  fakeBrowser = join(dir, 'fake-browser');
  writeFileSync(fakeBrowser, '#!/bin/sh\nsleep 30\n');
  chmodSync(fakeBrowser, 0o755);
}, 180_000);
afterAll(async () => {
  await host?.close();
  rmSync(dir, { recursive: true, force: true });
});

function open(query: string): Promise<WebSocket> {
  return new Promise((done, fail) => {
    const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?${query}`, { origin: host.origin });
    socket.once('open', () => done(socket));
    socket.once('unexpected-response', (_request, response) => fail(new Error(`HTTP ${response.statusCode}`)));
    socket.once('error', fail);
  });
}

const waitFor = async (done: () => boolean) => {
  for (let i = 0; i < 100 && !done(); i += 1) await new Promise((r) => setTimeout(r, 50));
  return done();
};

describe('the browser host hands the page its secret', () => {
  it('without putting it or the code in the browser process arguments or environment, with a code that dies at first use', async () => {
    const secret = await bridgeSecretOf(host);
    const opened = openInBrowser(host.url, fakeBrowser, { builtInSimulator: false });
    try {
      const pid = opened.child.pid ?? 0;
      expect(await waitFor(() => existsSync(`/proc/${pid}/cmdline`))).toBe(true);
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
      expect(cmdline).not.toContain('code=');
      expect(cmdline).not.toContain(secret);
      expect(environ).not.toContain(secret);

      // The browser starts on a launcher file in its own profile: a folder and a file only this user can read.
      const launcher = join(opened.profile, LAUNCHER_NAME);
      expect(cmdline).toContain(`--app=${pathToFileURL(launcher).href}`);
      expect(statSync(opened.profile).mode & 0o777).toBe(0o700);
      expect(statSync(launcher).mode & 0o777).toBe(0o600);

      // The page opens the bridge with the code; whoever got hold of the launcher later holds a spent code.
      const code = /#code=([0-9a-f]+)/u.exec(readFileSync(launcher, 'utf8'))?.[1] ?? '';
      const page = await open(`code=${code}`);
      await expect(open(`code=${code}`)).rejects.toThrow('HTTP 403');
      page.close();
    } finally {
      opened.child.kill();
    }
    expect(await waitFor(() => !existsSync(opened.profile))).toBe(true);
  });

  it('writes an address into the launcher that cannot close its script element', () => {
    const html = launcherHtml('http://127.0.0.1:1/#code=</script><script>alert(1)</script>');
    expect(html.match(/<\/script>/gu)).toHaveLength(1);
    expect(html).toContain('location.replace(');
  });

  it('serves one page at a time: the page that connects last is the one served', async () => {
    const secret = await bridgeSecretOf(host);
    const first = await open(`secret=${secret}`);
    const replaced = new Promise<number>((done) => first.once('close', (code) => done(code)));
    const second = await open(`secret=${secret}`);
    expect(await replaced).toBe(4001);
    await expect.poll(() => host.pages()).toBe(1);
    second.close();
  });
});
