// bench/transfer: how long a blind transfer takes, read against a plain call
// to the same phones in the same run. Two app phones (the app's Phone in
// headless Chromium pages) register to the simulator as ana (1001, the only
// member of Cobranzas->) and bruno (1002, the only member of Encuestas->).
// Each round:
//   direct  a customer of Encuestas-> calls bruno (POST /__sim/inbound-call);
//           he answers as it rings. dial → ringing, → audio both ways at his
//           page, → the customer hears him (the simulator's leg counts his RTP).
//   blind   a customer of Cobranzas-> calls ana (the same figures: the direct
//           call to her); she transfers it to 1002 (Phone.transfer: the
//           customer held, then REFER); bruno answers as it rings. From the
//           REFER leaving ana's page: → bruno's phone rings (the INVITE at his
//           page), → ana's phone told done (NOTIFY 200; bruno answers before
//           his phone sends 180, so the platform's early 200 comes with his
//           answer), → audio both ways at bruno's page, → the customer hears
//           bruno; and transfer() → REFER (the hold).
// Page times are on each page's clock, turned into this process's Date.now()
// (bench/lib/page-clock.ts): the simulator runs here and stamps its records
// with it.
// Usage: npx tsx bench/transfer.ts [--transfers 20]
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { createIntegraClient } from '../main/api';
import type { PhoneOptions } from '../renderer/src/phone';
import { defaultExtensions } from '../simulator/extensions';
import { startSimulator } from '../simulator/index';
import { startCallPages } from './lib/call-page';
import { machine } from './lib/machine';
import { pageClockOffset } from './lib/page-clock';
import { emitResult, printTable, type Cell } from './lib/report';
import { simControl, whenCustomerHears } from './lib/sim-control';
import { StepSamples } from './lib/step-samples';

const { values } = parseArgs({ options: { transfers: { type: 'string', default: '20' } } });
const TRANSFERS = Math.max(1, Math.min(200, Number(values.transfers) || 20));

interface Agent {
  extension: string;
  campaign: string;
  page: Page;
  /** Add to a page time to get this process's Date.now(). */
  offset: number;
}

const sim = await startSimulator({ port: 0, extensions: defaultExtensions });
const pages = await startCallPages();
const client = createIntegraClient({ baseUrl: sim.baseUrl });
const samples = new StepSamples();
const counts = { transfers: 0, done: 0, failed: 0, directCalls: 0, directFailed: 0 };

async function register(index: number, campaign: string): Promise<Agent> {
  const seeded = sim.ready.credentials.agents[index];
  if (!seeded) throw new Error(`the simulator seeds no agent number ${index}`);
  const record = (await client.agentAuthenticate({ agent: seeded.agent, password: seeded.password })) as { name: string; md5secret: string };
  const ws = (sim.ready['sip'] as { ws: string }).ws;
  const options: PhoneOptions = {
    credentials: { uri: `sip:${record.name}@127.0.0.1`, authorizationUsername: record.name, authorizationHa1: record.md5secret, wsUrl: ws, realm: 'asterisk', displayName: seeded.agent },
  };
  const page = await pages.open();
  await page.evaluate((o) => window.bench.start(o), options);
  await page.waitForFunction(() => window.bench.registration() === 'registered', undefined, { timeout: 15_000 });
  return { extension: record.name, campaign, page, offset: await pageClockOffset(page) };
}

/** Waits until the page's call has sent and received audio; its timings on this process's clock. */
async function talking(agent: Agent): Promise<{ ringing: number; established: number; audioBoth: number }> {
  await agent.page.waitForFunction(() => {
    const t = window.bench.timings();
    return t.firstAudioIn !== null && t.firstAudioOut !== null;
  }, undefined, { timeout: 15_000, polling: 10 });
  const t = await agent.page.evaluate(() => window.bench.timings());
  const at = (x: number | null): number => (x === null ? Number.NaN : x + agent.offset);
  return { ringing: at(t.invite), established: at(t.established), audioBoth: Math.max(at(t.firstAudioIn), at(t.firstAudioOut)) };
}

/** A customer of the agent's campaign calls; the agent answers as it rings. Returns the call's GUID once both talk. */
async function customerCalls(agent: Agent, label: string, n: number): Promise<string> {
  await agent.page.evaluate(() => window.bench.answerWhenRinging());
  const dialled = Date.now();
  const { guid } = await simControl<{ guid: string }>(sim, 'POST', '/inbound-call', { campaign: agent.campaign, from: `0992${String(n).padStart(5, '0')}` });
  const page = await talking(agent);
  const heard = await whenCustomerHears(sim, guid, agent.extension);
  samples.add(label, 'dial → ringing', page.ringing - dialled);
  samples.add(label, 'dial → established', page.established - dialled);
  samples.add(label, 'dial → audio both ways (agent page)', page.audioBoth - dialled);
  samples.add(label, 'dial → customer hears agent', heard === null ? Number.NaN : heard - dialled);
  return guid;
}

/** Ends the call from bruno's side and waits until the simulator and both pages are done with it. */
async function endCall(guid: string, hangingUp: Agent, others: readonly Agent[]): Promise<void> {
  await hangingUp.page.evaluate(() => window.bench.hangUp()).catch(() => undefined);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const call = await simControl<{ status: string }>(sim, 'GET', `/calls/${encodeURIComponent(guid)}`);
    const ended = await Promise.all([hangingUp, ...others].map((a) => a.page.evaluate(() => window.bench.timings().ended !== null)));
    if (call.status === 'ended' && ended.every(Boolean)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`call ${guid} did not end within 10 s`);
}

try {
  await client.clientAuthenticate({ user: sim.ready.credentials.apiUser.user, password: sim.ready.credentials.apiUser.password });
  const ana = await register(0, 'Cobranzas->');
  const bruno = await register(1, 'Encuestas->');
  for (let n = 0; n < TRANSFERS; n++) {
    counts.directCalls += 1;
    try {
      const guid = await customerCalls(bruno, 'simulator: customer → bruno (direct)', n);
      await endCall(guid, bruno, []);
    } catch (error) {
      counts.directFailed += 1;
      process.stderr.write(`direct call ${n} failed: ${(error as Error).message}\n`);
    }

    counts.transfers += 1;
    try {
      const guid = await customerCalls(ana, 'simulator: customer → ana (direct)', n);
      await bruno.page.evaluate(() => window.bench.answerWhenRinging());
      const transfer = await ana.page.evaluate((ext) => window.benchTransfer.blind(ext), bruno.extension);
      if (transfer.result !== 'done' || transfer.requested === null || transfer.referSent === null) throw new Error(`the transfer ended ${transfer.result} (${transfer.failure ?? ''})`);
      const referred = transfer.referSent + ana.offset;
      const page = await talking(bruno);
      const heard = await whenCustomerHears(sim, guid, bruno.extension);
      const label = 'simulator: blind transfer ana → bruno';
      samples.add(label, 'transfer() → REFER sent (the hold first)', transfer.referSent - transfer.requested);
      samples.add(label, 'REFER → target rings (INVITE at its page)', page.ringing - referred);
      samples.add(label, "REFER → ana's phone told done (NOTIFY 200)", (transfer.stages.done ?? Number.NaN) + ana.offset - referred);
      samples.add(label, 'REFER → target established', page.established - referred);
      samples.add(label, 'REFER → audio both ways (target page)', page.audioBoth - referred);
      samples.add(label, 'REFER → customer hears target', heard === null ? Number.NaN : heard - referred);
      if (heard === null) throw new Error('the customer never heard bruno');
      counts.done += 1;
      await endCall(guid, bruno, [ana]);
    } catch (error) {
      counts.failed += 1;
      process.stderr.write(`transfer ${n} failed: ${(error as Error).message}\n`);
      // Leave nothing up for the next round.
      for (const agent of [ana, bruno]) await agent.page.evaluate(() => window.bench.hangUp()).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  emitResult('transfer', machine());
  emitResult('transfer', { kind: 'transfers', path: 'simulator', ...counts });
  const rows: Record<string, Cell>[] = samples.rows();
  for (const row of rows) emitResult('transfer', { kind: 'step', ...row });
  printTable(`bench/transfer: ${TRANSFERS} transfers and as many direct calls per path (ms; page times on this process's clock)`, rows);
  const overhead = samples.compare('simulator: blind transfer ana → bruno', 'REFER → customer hears target', 'simulator: customer → bruno (direct)', 'dial → customer hears agent');
  emitResult('transfer', { kind: 'comparison', path: 'simulator', ...overhead });
  process.stderr.write(`simulator: REFER → customer hears bruno p50 ${overhead.p50} ms against a direct call's dial → customer hears bruno p50 ${overhead.baselineP50} ms (${overhead.ratio}×)\n`);
  for (const agent of [ana, bruno]) await agent.page.evaluate(() => window.bench.stop()).catch(() => undefined);
} finally {
  await client.close();
  await pages.close();
  await sim.close();
}

