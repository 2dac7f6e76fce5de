// `npm start -- --browser --no-open` on the simulator: prints one JSON ready
// line; the page it names shows the sign-in form pre-filled with the demo
// agent, and signing in works with the password main holds for it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium-page';

const readySchema = z.object({
  event: z.literal('ready'),
  url: z.string().regex(/^http:\/\/127\.0\.0\.1:\d+\/#secret=[0-9a-f]{48}$/),
  simulator: z.object({ baseUrl: z.string(), credentials: z.object({ agents: z.array(z.object({ agent: z.string(), phone: z.string() })).min(1) }) }).loose(),
});

let child: ChildProcess | undefined;
let browser: Browser | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'npm-start-e2e-'));

afterAll(async () => {
  await browser?.close();
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((done) => child!.once('exit', done));
    process.kill(-child.pid, 'SIGTERM'); // the process group we started (npm, tsx, node)
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

function readyLine(process: ChildProcess): Promise<string> {
  return new Promise((resolveLine, reject) => {
    const timer = setTimeout(() => reject(new Error('npm start printed no ready line within 120 s')), 120_000);
    const lines = createInterface({ input: process.stdout! });
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolveLine(line);
    });
    process.once('exit', (code) => reject(new Error(`npm start exited with ${code} before it was ready`)));
  });
}

describe('npm start', () => {
  it('reaches the sign-in screen against the simulator and signs the demo agent in', { timeout: 180_000 }, async () => {
    child = spawn('npm', ['start', '-s', '--', '--browser', '--no-open', '--data-dir', dataDir], {
      cwd: resolve(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    const ready = readySchema.parse(JSON.parse(await readyLine(child)));
    const demo = ready.simulator.credentials.agents[0]!;

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const page = await browser.newPage();
    await page.goto(ready.url);
    await page.locator('input[name=agent]').waitFor();
    expect(await page.locator('input[name=agent]').inputValue()).toBe(demo.agent);
    expect(await page.locator('input[name=instanceUrl]').inputValue()).toBe(ready.simulator.baseUrl);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('agent-extension').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('agent-extension').textContent()).toContain(demo.phone);
  });
});
