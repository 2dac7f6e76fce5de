// A network change mid-call (issue 11): the workstation — the browser host and
// its Chromium — runs in a network namespace with a Wi-Fi and a cable link to
// this host, where the simulator listens on a private address (wss://, as the
// page's CSP wants off loopback; Chromium trusts that one key). In a call with
// audio both ways the laptop is plugged in, then leaves the Wi-Fi: its address
// changes, the old SIP connection and media path die without a word. Main's
// network watcher tells the page; the phone drops the dead connection,
// registers over the cable and refreshes the call with an ICE restart; the
// audio comes back both ways. The test makes and removes the namespace,
// links and addresses itself (root).
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect as tlsConnect } from 'node:tls';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultExtensions } from '../../simulator/extensions';
import { startSimulator, type Simulator } from '../../simulator/index';
import { fillSignIn, phoneOnline } from '../e2e/harness';
import { startHttpsProxy, type HttpsProxy } from '../e2e/https-proxy';
import { pageLevel, panelState } from '../e2e/calls-kit';
import { CALL_ARGS, CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium-page';
import { until } from '../support/poll-until';
import { createAgentNetns, type AgentNetns } from './support/agent-netns';
import { control, type SimCall } from './support/sim-control';

const PROJECT_DIR = resolve(import.meta.dirname, '../..');

let netns: AgentNetns;
let sim: Simulator;
let host: ChildProcess;
let browser: Browser;
let page: Page;
let front: HttpsProxy | undefined;
const dir = mkdtempSync(join(tmpdir(), 'network-change-'));

/**
 * The base64 SHA-256 of the simulator's WSS certificate key, for Chromium's
 * --ignore-certificate-errors-spki-list: the page trusts that one key (the
 * test's own CA signed it; TLS is verified here first), nothing else.
 */
function wssKeyPin(wssUrl: string, caFile: string): Promise<string> {
  const url = new URL(wssUrl);
  return new Promise((resolvePin, reject) => {
    const socket = tlsConnect({ host: url.hostname, port: Number(url.port), ca: readFileSync(caFile), servername: url.hostname }, () => {
      const spki = socket.getPeerX509Certificate()?.publicKey.export({ type: 'spki', format: 'der' });
      socket.destroy();
      if (!spki) return reject(new Error('the simulator showed no certificate'));
      resolvePin(createHash('sha256').update(spki).digest('base64'));
    });
    socket.once('error', reject);
  });
}

/** Starts `npm start -- --browser --no-open` inside the namespace; resolves with the page's address. */
async function startHostInNamespace(instanceUrl: string, sipUrl: string, caFile: string): Promise<string> {
  host = spawn(
    'ip',
    ['netns', 'exec', netns.name, process.execPath, '--import', 'tsx', 'main/start.ts', '--browser', '--no-open', '--instance', instanceUrl, '--sip-url', sipUrl, '--ca-file', caFile, '--data-dir', join(dir, 'host')],
    { cwd: PROJECT_DIR, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: host.stdout! });
  return new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error('the browser host in the namespace printed no ready line within 60 s')), 60_000);
    host.once('exit', (code) => reject(new Error(`the browser host in the namespace exited (${code})`)));
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      const ready = JSON.parse(line) as { event?: string; url?: string };
      if (ready.event === 'ready' && ready.url) {
        clearTimeout(timer);
        resolveUrl(ready.url);
      }
    });
  });
}

beforeAll(async () => {
  netns = createAgentNetns();
  sim = await startSimulator({ host: netns.platformAddress, privateHost: true, port: 0, extensions: defaultExtensions });
  // Off loopback the page may only use wss:// (its CSP), as on a real floor.
  const sip = sim.ready['sip'] as { wss: string; caCertFile: string };
  const pin = await wssKeyPin(sip.wss, sip.caCertFile);
  // Off loopback the API is https too (http:// is refused there): a front with a private CA, trusted by its CA file.
  front = await startHttpsProxy(sim.baseUrl, netns.platformAddress);
  const url = await startHostInNamespace(front.baseUrl, sip.wss, front.caFile);
  // Chromium in the namespace too: playwright talks to it over a pipe, which crosses namespaces.
  const wrapper = join(dir, 'chromium-in-netns');
  writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec ${netns.name} ${CHROMIUM_PATH} "$@"\n`);
  chmodSync(wrapper, 0o755);
  browser = await chromium.launch({ executablePath: wrapper, args: [...CHROMIUM_ARGS, ...CALL_ARGS, `--ignore-certificate-errors-spki-list=${pin}`] });
  page = await (await browser.newContext({ viewport: { width: 1000, height: 760 } })).newPage();
  await page.goto(url);
  const agent = sim.ready.credentials.agents[0]!;
  await fillSignIn(page, { agent: agent.agent, password: agent.password });
  await phoneOnline(page);
}, 120_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  host?.kill('SIGTERM');
  await front?.close().catch(() => undefined);
  await sim?.close().catch(() => undefined);
  netns?.remove();
  rmSync(dir, { recursive: true, force: true });
});

const heardByCustomer = async (guid: string): Promise<number> => (await control<SimCall>(sim, 'GET', `/calls/${guid}`)).levels?.customerReceived.packets ?? 0;

describe('a network change mid-call', () => {
  it('Wi-Fi → cable: the phone re-registers over the cable and an ICE restart brings the audio back both ways', async () => {
    await page.locator('input[name=number]').fill('099800001');
    await page.getByTestId('call-button').click();
    await panelState(page, 'active').waitFor({ timeout: 15_000 });
    const calls = (await control<{ calls: SimCall[] }>(sim, 'GET', '/state')).calls;
    const call = calls.find((c) => c.status === 'active');
    if (!call) throw new Error('the simulator has no active call');
    await until('the customer hears the agent', () => heardByCustomer(call.guid), (n) => n > 50);
    await until('the agent hears the customer', () => pageLevel(page), (level) => level > 0.01);

    // The cable is plugged in while the Wi-Fi still carries the call (Chromium learns a new address
    // only about 2 s after it appears, so a network the phone can use is one that has been up that long).
    netns.plugCable();
    await new Promise((r) => setTimeout(r, 3_000));
    const switchedAt = Date.now();
    netns.leaveWifi();
    // The old path is dead: what the customer receives stops growing, until the new one carries it.
    const stalled = await heardByCustomer(call.guid);
    const back = await until(
      'the customer hears the agent again, over the cable',
      async () => ({ packets: await heardByCustomer(call.guid), at: Date.now() }),
      (s) => s.packets > stalled + 25,
      { timeoutMs: 20_000, intervalMs: 50 },
    );
    await until('the agent hears the customer again', () => pageLevel(page), (level) => level > 0.01, { timeoutMs: 10_000 });
    const heardAt = Date.now();
    process.stderr.write(
      `interop: network change Wi-Fi → cable mid-call: after the Wi-Fi went, the customer hears the agent again after ${back.at - switchedAt} ms, ` +
        `the agent hears the customer after ≤ ${heardAt - switchedAt} ms\n`,
    );
    await phoneOnline(page);
    expect((await control<SimCall>(sim, 'GET', `/calls/${call.guid}`)).status).toBe('active');
    // The platform can reach the phone again over the new path: its BYE ends the call there.
    await control(sim, 'POST', `/calls/${call.guid}/hangup`);
    await page.locator(`[data-testid=disposition-form][data-guid="${call.guid}"]`).waitFor({ timeout: 10_000 });
  }, 90_000);
});
