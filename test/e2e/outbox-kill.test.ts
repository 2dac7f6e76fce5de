// Issue 4, "no lost data, no double": the browser host is killed (SIGKILL of
// its process group) after the outbox journaled a disposition but before it
// could send it (the simulator's HTTP is paused). Started again on the same
// data folder, the host replays the journal once an agent signs in, and the
// simulator ends with exactly one copy of that disposition.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultExtensions } from '../../simulator/extensions';
import { startSimulator, type Simulator } from '../../simulator/index';
import { CALL_ARGS, CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium-page';
import { panelState, until, type SimCall, type SimDisposition } from './calls-kit';
import { chooseLanguage, fillSignIn, openAdvanced, phoneOnline, simState } from './harness';

const PROJECT_DIR = resolve(import.meta.dirname, '../..');
const readySchema = z.object({ event: z.literal('ready'), url: z.string().startsWith('http://127.0.0.1:') }).loose();

let sim: Simulator;
let browser: Browser;
const hosts: ChildProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'outbox-kill-e2e-'));
const journalFile = join(dataDir, 'outbox', 'dispositions.jsonl');

beforeAll(async () => {
  sim = await startSimulator({ port: 0, extensions: defaultExtensions });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...CALL_ARGS] });
}, 60_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  for (const host of hosts) await killGroup(host, 'SIGTERM');
  await sim?.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Signals the process group we started (npm, tsx, node) and waits for npm to exit. */
async function killGroup(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  try {
    process.kill(-child.pid, signal);
  } catch {
    return; // already gone
  }
  await exited;
}

/** `npm start -- --browser --no-open` on our simulator and data folder; resolves with the page address. */
function startHost(): Promise<string> {
  const child = spawn('npm', ['start', '-s', '--', '--browser', '--no-open', '--instance', sim.baseUrl, '--data-dir', dataDir], {
    cwd: PROJECT_DIR,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  hosts.push(child);
  return new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error('npm start printed no ready line within 120 s')), 120_000);
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      try {
        resolveUrl(readySchema.parse(JSON.parse(line)).url);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code} before it was ready`)));
  });
}

function sipWsUrl(): string {
  const sip = sim.ready['sip'];
  if (typeof sip === 'object' && sip !== null && 'ws' in sip && typeof sip.ws === 'string') return sip.ws;
  throw new Error('The simulator offers no SIP WebSocket (defaultExtensions should start one).');
}

/** Opens the host's page, signs the seeded agent in (SIP address in the advanced fields) and waits for the agent home. */
async function signedInPage(url: string): Promise<Page> {
  const agent = sim.ready.credentials.agents[0]!;
  const page = await (await browser.newContext({ viewport: { width: 1000, height: 760 } })).newPage();
  await page.goto(url);
  await page.locator('input[name=agent]').waitFor({ timeout: 15_000 });
  await openAdvanced(page);
  await page.locator('input[name=sipUrl]').fill(sipWsUrl());
  await fillSignIn(page, { instanceUrl: sim.baseUrl, agent: agent.agent, password: agent.password });
  await page.getByTestId('agent-name').waitFor({ timeout: 15_000 });
  await chooseLanguage(page, 'en');
  return page;
}

const dispositionsFor = async (guid: string): Promise<SimDisposition[]> =>
  ((await simState(sim))['dispositions'] as SimDisposition[]).filter((d) => d.guid === guid);
const journalText = (): string => (existsSync(journalFile) ? readFileSync(journalFile, 'utf8') : '');

describe('the outbox across a killed host process', () => {
  it('journals a disposition it cannot send, survives SIGKILL, and the platform ends with exactly one copy', { timeout: 240_000 }, async () => {
    const first = startHost();
    const page = await signedInPage(await first);
    await phoneOnline(page);
    const phone = sim.ready.credentials.agents[0]!.phone;

    // A call, hung up: the disposition form for its GUID.
    await page.locator('select[name=campaign]').waitFor();
    await page.locator('input[name=number]').fill('099 765 432');
    await page.getByTestId('call-button').click();
    await panelState(page, 'active').waitFor({ timeout: 15_000 });
    const call = await until(async () => ((await simState(sim))['calls'] as SimCall[]).find((c) => c.phone === phone && c.origin === 'make-call'), 'the simulator holds the call');
    await page.getByTestId('hang-up').click();
    const form = page.locator(`[data-testid=disposition-form][data-guid="${call.guid}"]`);
    await form.waitFor();

    // The platform refuses connections: the outbox journals the disposition and keeps it.
    await sim.pauseHttp();
    await form.locator('input[name=l1]').fill('Contactado');
    await form.locator('textarea[name=comment]').fill('Enviada después de reiniciar');
    await page.getByTestId('disposition-submit').click();
    await until(async () => journalText().includes(call.guid), 'the journal on disk holds the disposition', 15_000);
    await page.locator('[data-testid=outbox][data-pending="1"]').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('outbox').textContent()).toContain('1 waiting to send');

    // Kill the host outright (no chance to send or tidy up), then let the platform answer again.
    await killGroup(hosts[0]!, 'SIGKILL');
    expect(hosts[0]!.signalCode).toBe('SIGKILL');
    await page.context().close();
    expect(journalText()).toContain(call.guid);
    await sim.resumeHttp();
    expect(await dispositionsFor(call.guid)).toEqual([]);

    // The same data folder: the journal is replayed once an agent is signed in.
    const second = await signedInPage(await startHost());
    const sent = await until(async () => {
      const copies = await dispositionsFor(call.guid);
      return copies.length > 0 ? copies : null;
    }, 'the simulator receives the replayed disposition', 30_000);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ guid: call.guid, received: 1, params: { guid: call.guid, l1: 'Contactado' } });
    await second.locator('[data-testid=outbox][data-pending="0"]').waitFor({ timeout: 15_000 });

    // A while longer (bounded): still exactly one copy, received once.
    await new Promise((r) => setTimeout(r, 3_000));
    const later = await dispositionsFor(call.guid);
    expect(later).toHaveLength(1);
    expect(later[0]!.received).toBe(1);
  });
});
