// bench/call-setup: how fast a call becomes a talking call on loopback.
// The simulator (HTTP API + SIP over WebSocket + werift media) runs in this
// process; three phones (the app's Phone in headless Chromium) register as
// three agents: one tuned as the app ships it, one with sip.js's ICE defaults
// (a STUN server, 5 s gathering timeout), both called by a Make Call; and one
// tuned, on Kamailio, called by a customer on plain SIP (baresip, G.711)
// whose media rtpengine bridges to DTLS-SRTP (the interop tier's real media
// path; Debian's packages, test/ensure-packages.sh). Calls alternate
// between them so all see the same machine load. Per call, on one clock:
//   request (Make Call, or the customer's dial) → INVITE at page → established
//   → first audio packet in / out (page's getStats)
// Usage: npx tsx bench/call-setup.ts [calls per phone, default 30]
import type { Page } from 'playwright-core';
import { createIntegraClient } from '../main/api';
import type { PhoneOptions } from '../renderer/src/phone';
import { defaultExtensions } from '../simulator/extensions';
import { startSimulator } from '../simulator/index';
import type { CallTimings } from './lib/call-page-entry';
import { startCallPages } from './lib/call-page';
import { machine } from './lib/machine';
import { emitResult, printTable, type Cell } from './lib/report';
import { percentile, round } from './lib/stats';
import { startMediaPath } from './lib/media-path';
import { until } from '../test/support/poll-until';

const CALLS = Math.max(1, Math.min(200, Number(process.argv[2] ?? 30) || 30));
const now = (): number => performance.timeOrigin + performance.now();
const STEPS = ['invite', 'established', 'iceConnected', 'dtlsConnected', 'audioIn', 'audioOut', 'audioBoth'] as const;
type Step = (typeof STEPS)[number];

interface Variant {
  name: 'tuned' | 'baseline' | 'tuned, customer via rtpengine';
  page: Page;
  /** Starts the call to this phone (the clock starts just before). */
  place(destination: string): Promise<void>;
  samples: Record<Step, number[]>;
  failures: number;
}

const emptySamples = (): Record<Step, number[]> => ({ invite: [], established: [], iceConnected: [], dtlsConnected: [], audioIn: [], audioOut: [], audioBoth: [] });
const sim = await startSimulator({ port: 0, extensions: defaultExtensions });
const pages = await startCallPages();
const client = createIntegraClient({ baseUrl: sim.baseUrl });
const mediaPath = await startMediaPath();
const closedCount = (): number => mediaPath.customer.events().filter((e) => e.type === 'CALL_CLOSED').length;
try {
  const ws = (sim.ready['sip'] as { ws: string }).ws;
  await client.clientAuthenticate({ user: sim.ready.credentials.apiUser.user, password: sim.ready.credentials.apiUser.password });
  const variants: Variant[] = [];
  for (const [i, name] of (['tuned', 'baseline'] as const).entries()) {
    const seeded = sim.ready.credentials.agents[i];
    if (!seeded) throw new Error('the simulator seeds fewer than two agents');
    const { agent: user, password } = seeded;
    const record = (await client.agentAuthenticate({ agent: user, password })) as { name: string; md5secret: string };
    const credentials = { uri: `sip:${record.name}@127.0.0.1`, authorizationUsername: record.name, authorizationHa1: record.md5secret, wsUrl: ws, realm: 'asterisk', displayName: user };
    const options: PhoneOptions =
      name === 'tuned' ? { credentials } : { credentials, iceServers: [{ urls: 'stun:stun.l.google.com:19302' }], iceGatheringTimeoutMs: 5_000 };
    const page = await pages.open();
    await page.evaluate((o) => window.bench.start(o), options);
    await page.waitForFunction(() => window.bench.registration() === 'registered', undefined, { timeout: 15_000 });
    const place = async (destination: string): Promise<void> => {
      await page.evaluate((d) => window.bench.expect(d), destination);
      await client.makeCall({ callerid: '59826001234', agent: user, phone: record.name, tech: 'SIP', context: 'agents', outqueue: 'Manual->', destination });
    };
    variants.push({ name, page, place, samples: emptySamples(), failures: 0 });
  }
  {
    const seeded = sim.ready.credentials.agents[2];
    if (!seeded) throw new Error('the simulator seeds fewer than three agents');
    const record = (await client.agentAuthenticate({ agent: seeded.agent, password: seeded.password })) as { name: string; md5secret: string };
    const page = await pages.open();
    const credentials = { uri: `sip:${record.name}@127.0.0.1`, authorizationUsername: record.name, authorizationHa1: record.md5secret, wsUrl: mediaPath.kamailio.wsUrl, realm: 'asterisk', displayName: seeded.agent };
    await page.evaluate((o) => window.bench.start(o), { credentials } satisfies PhoneOptions);
    await page.waitForFunction(() => window.bench.registration() === 'registered', undefined, { timeout: 15_000 });
    const { customer, kamailio } = mediaPath;
    const place = async (): Promise<void> => {
      await page.evaluate(() => window.bench.answerWhenRinging());
      await customer.dial(kamailio.trunkUri(record.name));
    };
    variants.push({ name: 'tuned, customer via rtpengine', page, place, samples: emptySamples(), failures: 0 });
  }

  for (let n = 0; n < CALLS; n++) {
    for (const v of variants) {
      const destination = `0991${String(n).padStart(5, '0')}`;
      const closedBefore = closedCount();
      const t0 = now();
      await v.place(destination);
      try {
        await v.page.waitForFunction(() => {
          const t = window.bench.timings();
          return t.firstAudioIn !== null && t.firstAudioOut !== null;
        }, undefined, { timeout: 15_000, polling: 20 });
        const t: CallTimings = await v.page.evaluate(() => window.bench.timings());
        const rel = (x: number | null) => (x === null ? Number.NaN : x - t0);
        v.samples.invite.push(rel(t.invite));
        v.samples.established.push(rel(t.established));
        v.samples.iceConnected.push(rel(t.iceConnected));
        v.samples.dtlsConnected.push(rel(t.dtlsConnected));
        v.samples.audioIn.push(rel(t.firstAudioIn));
        v.samples.audioOut.push(rel(t.firstAudioOut));
        v.samples.audioBoth.push(Math.max(rel(t.firstAudioIn), rel(t.firstAudioOut)));
      } catch {
        v.failures++;
      }
      await v.page.evaluate(() => window.bench.hangUp()).catch(() => undefined);
      await v.page.waitForFunction(() => window.bench.timings().ended !== null, undefined, { timeout: 10_000 }).catch(() => undefined);
      // The customer's phone takes one call at a time: wait until it saw the BYE.
      if (v.name === 'tuned, customer via rtpengine') {
        await until('baresip has finished the call', async () => closedCount(), (count) => count > closedBefore, { timeoutMs: 10_000 }).catch(() => undefined);
      }
    }
  }

  emitResult('call-setup', machine());
  const rows: Record<string, Cell>[] = [];
  for (const v of variants) {
    for (const step of STEPS) {
      const values = v.samples[step].filter((x) => Number.isFinite(x));
      const row = {
        phone: v.name, step: `request → ${step}`, calls: values.length, failures: v.failures,
        p50ms: round(percentile(values, 50), 1), p95ms: round(percentile(values, 95), 1),
        firstMs: round(values[0] ?? Number.NaN, 1), maxMs: round(Math.max(...values), 1),
      };
      rows.push(row);
      emitResult('call-setup', { kind: 'step', ...row });
    }
  }
  printTable(`bench/call-setup: ${CALLS} calls per phone, loopback (ms from the Make Call request, or the customer's dial)`, rows);
  const tuned = variants[0]?.samples ?? { established: [], audioBoth: [] };
  const targets = {
    kind: 'targets',
    establishedP50ok: percentile(tuned.established, 50) <= 120,
    establishedP95ok: percentile(tuned.established, 95) <= 250,
    audioBothP50ok: percentile(tuned.audioBoth, 50) <= 200,
  };
  emitResult('call-setup', targets);
  process.stderr.write(`targets (tuned): established p50 ≤ 120 ms ${targets.establishedP50ok}, p95 ≤ 250 ms ${targets.establishedP95ok}; audio both ways p50 ≤ 200 ms ${targets.audioBothP50ok}\n`);
  for (const v of variants) await v.page.evaluate(() => window.bench.stop()).catch(() => undefined);
} finally {
  await client.close();
  await pages.close();
  await sim.close();
  await mediaPath.stop();
}
