// bench/transfer: how long a blind transfer takes, read against a plain call
// to the same phone in the same run, through the built-in simulator and
// through real SIP software (Kamailio + rtpengine, a baresip customer).
// Two app phones (the app's Phone in headless Chromium pages, one pair per
// path) stand for ana (1001) and bruno (1002). Each round, on each path:
//   direct  a customer calls bruno; he answers as it rings. dial → ringing,
//           → audio both ways at his page, → the customer hears him.
//   blind   a customer calls ana (the same figures: the direct call to her);
//           she transfers it to 1002 (Phone.transfer: the customer held, then
//           REFER); bruno answers as it rings. From the REFER leaving ana's
//           page: → bruno's phone rings (the INVITE at his page), → ana's
//           phone told done (NOTIFY 200), → audio both ways at bruno's page,
//           → the customer hears bruno; and transfer() → REFER (the hold).
// How each path knows the customer heard an agent, and who follows the
// REFER, is in lib/transfer-via-simulator.ts and lib/transfer-via-kamailio.ts.
// Page times are on each page's clock, turned into this process's Date.now()
// (lib/page-clock.ts): the simulator runs here and stamps its records with
// it, and rtpengine stamps its recordings with the same system clock.
// The Kamailio path needs Debian's kamailio, rtpengine and baresip; without
// them it is skipped, and says why.
// Usage: npx tsx bench/transfer.ts [--transfers 20] [--via simulator,kamailio]
import { parseArgs } from 'node:util';
import { createIntegraClient } from '../main/api';
import type { PhoneOptions } from '../renderer/src/phone';
import { defaultExtensions } from '../simulator/extensions';
import { startSimulator } from '../simulator/index';
import { startCallPages } from './lib/call-page';
import { machine } from './lib/machine';
import { emitResult, printTable, type Cell } from './lib/report';
import { StepSamples } from './lib/step-samples';
import { registerAgent } from './lib/transfer-agent';
import type { TransferPath } from './lib/transfer-path';
import { kamailioMissing, kamailioPath } from './lib/transfer-via-kamailio';
import { simulatorPath } from './lib/transfer-via-simulator';

const { values } = parseArgs({ options: { transfers: { type: 'string', default: '20' }, via: { type: 'string', default: 'simulator,kamailio' } } });
const TRANSFERS = Math.max(1, Math.min(200, Number(values.transfers) || 20));
const VIA = new Set(values.via.split(',').map((v) => v.trim()));
const unknownPaths = [...VIA].filter((v) => v !== 'simulator' && v !== 'kamailio');
if (unknownPaths.length > 0) throw new Error(`--via takes simulator and/or kamailio, not ${unknownPaths.join(', ')}`);

const sim = await startSimulator({ port: 0, extensions: defaultExtensions });
const pages = await startCallPages();
const client = createIntegraClient({ baseUrl: sim.baseUrl });
const samples = new StepSamples();
const paths: TransferPath[] = [];

/** The seeded agent's SIP credentials on the simulator (Kamailio is seeded with the same HA1s). */
async function credentialsOf(index: number): Promise<PhoneOptions['credentials']> {
  const seeded = sim.ready.credentials.agents[index];
  if (!seeded) throw new Error(`the simulator seeds no agent number ${index}`);
  const record = (await client.agentAuthenticate({ agent: seeded.agent, password: seeded.password })) as { name: string; md5secret: string };
  const ws = (sim.ready['sip'] as { ws: string }).ws;
  return { uri: `sip:${record.name}@127.0.0.1`, authorizationUsername: record.name, authorizationHa1: record.md5secret, wsUrl: ws, realm: 'asterisk', displayName: seeded.agent };
}

try {
  emitResult('transfer', machine());
  await client.clientAuthenticate({ user: sim.ready.credentials.apiUser.user, password: sim.ready.credentials.apiUser.password });
  const credentials = { ana: await credentialsOf(0), bruno: await credentialsOf(1) };
  if (VIA.has('simulator')) {
    paths.push(simulatorPath(sim, { ana: await registerAgent(pages, credentials.ana), bruno: await registerAgent(pages, credentials.bruno) }, samples));
  }
  const missing = VIA.has('kamailio') ? kamailioMissing() : null;
  if (missing !== null) {
    emitResult('transfer', { kind: 'skipped', path: 'kamailio', reason: missing });
    process.stderr.write(`bench/transfer: the Kamailio path is skipped: ${missing}\n`);
  } else if (VIA.has('kamailio')) paths.push(await kamailioPath(pages, credentials, samples));

  const counts = new Map(paths.map((path) => [path.name, { transfers: 0, done: 0, failed: 0, directCalls: 0, directFailed: 0 }]));
  // Rounds take turns between the paths, so the machine's other work falls on both alike.
  for (let n = 0; n < TRANSFERS; n++) {
    for (const path of paths) {
      const count = counts.get(path.name);
      if (!count) continue;
      count.directCalls += 1;
      try {
        await path.direct(n);
      } catch (error) {
        count.directFailed += 1;
        process.stderr.write(`${path.name}: direct call ${n} failed: ${(error as Error).message}\n`);
        await path.cleanUp();
      }
      count.transfers += 1;
      try {
        await path.transfer(n);
        count.done += 1;
      } catch (error) {
        count.failed += 1;
        process.stderr.write(`${path.name}: transfer ${n} failed: ${(error as Error).message}\n`);
        await path.cleanUp();
      }
    }
  }

  for (const [path, count] of counts) emitResult('transfer', { kind: 'transfers', path, ...count });
  const rows: Record<string, Cell>[] = samples.rows();
  for (const row of rows) emitResult('transfer', { kind: 'step', ...row });
  printTable(`bench/transfer: ${TRANSFERS} transfers and as many direct calls per path (ms; page times on this process's clock)`, rows);
  for (const path of paths) {
    const overhead = samples.compare(path.transferLabel, 'REFER → customer hears target', path.directLabel, 'dial → customer hears agent');
    emitResult('transfer', { kind: 'comparison', path: path.name, ...overhead });
    process.stderr.write(`${path.name}: REFER → customer hears bruno p50 ${overhead.p50} ms, p95 ${overhead.p95} ms, against a direct call's dial → customer hears bruno p50 ${overhead.baselineP50} ms (${overhead.ratio}×)\n`);
  }
} finally {
  for (const path of paths) await path.close().catch(() => undefined);
  await client.close();
  await pages.close();
  await sim.close();
}
