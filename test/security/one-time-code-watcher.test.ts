// Issue 21, point 1: the one-time code was on Chromium's command line
// (--app=…#code=…), and a process polling /proc/*/cmdline as another user
// redeemed it first in every run (0.4–2 s), then held the secret and with it
// the agent's session. Here the real launch path (openInBrowser) starts
// Debian's Chromium headless while a watcher running as `nobody` reads every
// command line and every file it can reach in the browser's profile, from
// before the launch until the page holds the bridge. It must obtain neither
// the code nor the secret; the page itself must connect with the code.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../main/browser-host';
import { ensureRendererBuilt } from '../../main/browser-host/ensure-renderer';
import { openInBrowser } from '../../main/browser-host/open-browser';
import { bridgeSecretOf } from '../support/bridge-secret';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium-page';

// Reads every process's command line and environment, and tries every file of any --user-data-dir it
// names (where a launcher would be), as fast as it can: one grep a round, so a busy machine does not slow
// it into missing a short-lived argument. Bounded by a count of rounds and by time.
const WATCHER = `#!/bin/sh
end=$(( $(date +%s) + $1 ))
rounds=0
echo watching
while [ "$rounds" -lt 20000 ] && [ "$(date +%s)" -lt "$end" ]; do
  seen=$(grep -a -h -o -E -e '--user-data-dir=[^[:cntrl:]]*' -e '[^[:cntrl:]]*(code|secret)=[^[:cntrl:]]*' /proc/[0-9]*/cmdline 2>/dev/null | sort -u)
  [ -n "$seen" ] && printf 'CMDLINE %s\n' "$seen"
  grep -a -h -o -E '[^[:cntrl:]]*(code|secret)=[^[:cntrl:]]*' /proc/[0-9]*/environ 2>/dev/null | sed 's/^/ENVIRON /'
  for dir in $(printf '%s\n' "$seen" | sed -n 's/^--user-data-dir=//p'); do
    for g in "$dir"/* "$dir"/.*; do cat "$g" 2>/dev/null && echo "READ $g"; done
  done
  rounds=$((rounds + 1))
done
echo done
`;

let host: BrowserHost;
let dir: string;

beforeAll(async () => {
  if (userInfo().uid !== 0) throw new Error('This test runs as root (as CI does): it starts a watcher as the user nobody with runuser.');
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`This test drives Debian's Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium).`);
  dir = mkdtempSync(join(tmpdir(), 'code-watcher-'));
  chmodSync(dir, 0o755);
  host = await startBrowserHost({ rendererDir: ensureRendererBuilt(resolve(import.meta.dirname, '../..')), dataDir: join(dir, 'data') });
}, 180_000);
afterAll(async () => {
  await host?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function startWatcher(seconds: number): { child: ChildProcess; output: () => string; started: Promise<void> } {
  const script = join(dir, 'watcher.sh');
  writeFileSync(script, WATCHER, { mode: 0o755 });
  const child = spawn('runuser', ['-u', 'nobody', '--', 'sh', script, String(seconds)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let started: () => void = () => undefined;
  const startedPromise = new Promise<void>((done) => (started = done));
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('watching')) started();
  });
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output, started: startedPromise };
}

describe('another local user watching every process', () => {
  it('never obtains the one-time code or the secret while the app opens its page in Chromium', async () => {
    const watcher = startWatcher(25);
    await watcher.started;
    const pageUrl = host.url;
    const code = new URLSearchParams(new URL(pageUrl).hash.slice(1)).get('code') ?? '';
    expect(code).toMatch(/^[0-9a-f]{48}$/u);
    const opened = openInBrowser(pageUrl, CHROMIUM_PATH, { builtInSimulator: false, extraSwitches: CHROMIUM_ARGS });
    try {
      // The page redeemed the code itself: it holds the bridge.
      await expect.poll(() => host.pages(), { timeout: 20_000 }).toBe(1);
      // The watcher did see the browser, and went on reading for a while after the page was served.
      await expect.poll(() => watcher.output().includes(`--user-data-dir=${opened.profile}`), { timeout: 20_000 }).toBe(true);
      await new Promise((done) => setTimeout(done, 1500));
    } finally {
      watcher.child.kill();
      opened.child.kill();
    }
    const seen = watcher.output();
    // It did watch: it read Chromium's command line, with the profile folder it names.
    expect(seen).toContain(`--user-data-dir=${opened.profile}`);
    expect(seen).not.toContain(code);
    // The page address's form of a code (other processes on a CI machine have shell lines such as `code=$?`).
    expect(seen).not.toMatch(/[#?&]code=/u);
    expect(seen).not.toMatch(/^READ /mu);
    // The secret the code would have bought (a fresh page gets the same one).
    expect(seen).not.toContain(await bridgeSecretOf(host));
    await expect.poll(() => existsSync(opened.profile), { timeout: 15_000 }).toBe(false);
  }, 60_000);
});
