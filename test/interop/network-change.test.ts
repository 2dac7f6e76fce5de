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
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultExtensions } from '../../simulator/extensions';
import { startSimulator, type Simulator } from '../../simulator/index';
import { fillSignIn, phoneOnline } from '../e2e/harness';
import { startHttpsProxy, type HttpsProxy } from '../e2e/https-proxy';
import { pageLevel, panelState } from '../e2e/calls-kit';
import { until } from '../support/poll-until';
import { createAgentNetns, type AgentNetns } from './support/agent-netns';
import { control, type SimCall } from './support/sim-control';
import { chromiumInNamespace, startHostInNamespace, wssKeyPin, type HostInNamespace } from './support/workstation-netns';

let netns: AgentNetns;
let sim: Simulator;
let host: HostInNamespace | undefined;
let browser: Browser;
let page: Page;
let front: HttpsProxy | undefined;
const dir = mkdtempSync(join(tmpdir(), 'network-change-'));

beforeAll(async () => {
  netns = createAgentNetns();
  sim = await startSimulator({ host: netns.platformAddress, privateHost: true, port: 0, extensions: defaultExtensions });
  // Off loopback the page may only use wss:// (its CSP), as on a real floor.
  const sip = sim.ready['sip'] as { wss: string; caCertFile: string };
  const pin = await wssKeyPin(sip.wss, sip.caCertFile);
  // Off loopback the API is https too (http:// is refused there): a front with a private CA, trusted by its CA file.
  front = await startHttpsProxy(sim.baseUrl, netns.platformAddress);
  host = await startHostInNamespace(netns, { instanceUrl: front.baseUrl, sipUrl: sip.wss, caFile: front.caFile, dataDir: join(dir, 'host') });
  browser = await chromiumInNamespace(netns, dir, pin);
  page = await (await browser.newContext({ viewport: { width: 1000, height: 760 } })).newPage();
  await page.goto(host.url);
  const agent = sim.ready.credentials.agents[0]!;
  await fillSignIn(page, { agent: agent.agent, password: agent.password });
  await phoneOnline(page);
}, 120_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await host?.stop();
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
