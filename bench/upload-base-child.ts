import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { createIntegraClient } from '../main/api/index';
import { printChildResult } from './lib/child-result';
import { readMemoryStatus, resetPeakRss } from './lib/proc-stats';
import { startRssSampler } from './lib/rss-sampler';

// One upload in a fresh process, so its memory is its own: measures the idle
// RSS (everything loaded, after a GC), then the peak while uploading, both by
// the kernel's high-water mark and by a 10 ms sampler.
// argv: <streaming|naive> <file> <baseUrl> <user> <password> <campaign>

const [mode, file, baseUrl, user, password, campaign] = process.argv.slice(2);
if (mode === undefined || file === undefined || baseUrl === undefined || user === undefined || password === undefined || campaign === undefined) {
  throw new Error('usage: upload-base-child <streaming|naive> <file> <baseUrl> <user> <password> <campaign>');
}

const gc = (globalThis as { gc?: () => void }).gc;
const settle = async (): Promise<void> => {
  gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  gc?.();
};

type Upload = () => Promise<number>;

/** What a simple client does: the whole file in memory, base64 as one string, one form string, then fetch. */
async function prepareNaive(): Promise<Upload> {
  const path = `${baseUrl}/Integra/resources`;
  const auth = await fetch(`${path}/auth/getUserToken`, { method: 'POST', body: new URLSearchParams({ user: user ?? '', password: password ?? '' }) });
  const token = (await auth.text()).trim();
  return async () => {
    const content = await readFile(file ?? '');
    let records = -1;
    for (let at = content.indexOf(10); at !== -1; at = content.indexOf(10, at + 1)) records += 1;
    const form = new URLSearchParams({ filename: basename(file ?? ''), fileb64: content.toString('base64'), campaign: campaign ?? '', cant: String(records), username: user ?? '' });
    // Building the body blocks the event loop for seconds; let the pool notice a keep-alive socket the
    // server closed meanwhile, or fetch may write into it (EPIPE) — a fault of timing, not of the baseline.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await fetch(`${path}/Dialers/uploadbase`, { method: 'POST', headers: { Authorization: `Basic ${token}` }, body: form });
    const body = (await response.text()).trim();
    if (body !== '1') throw new Error(`naive upload refused: HTTP ${response.status} ${body.slice(0, 100)}`);
    return records;
  };
}

/** Our client: the file is analysed (records counted) and streamed into the request. */
async function prepareStreaming(): Promise<Upload> {
  const client = createIntegraClient({ baseUrl: baseUrl ?? '' });
  await client.clientAuthenticate({ user: user ?? '', password: password ?? '' });
  return async () => {
    try {
      const result = await client.uploadBase({ file: file ?? '', campaign: campaign ?? '', username: user ?? '' });
      return result.cant;
    } finally {
      await client.close();
    }
  };
}

// Signed in and every module loaded before "idle" is measured: the figure is the upload's own cost.
const upload = mode === 'naive' ? await prepareNaive() : await prepareStreaming();
await settle();
const idle = readMemoryStatus();
resetPeakRss();
const sampler = startRssSampler('self', 10);
const cpuBefore = process.cpuUsage();
const started = performance.now();
const records = await upload();
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const sampledPeak = sampler.stop();
const after = readMemoryStatus();
printChildResult({ mode, records, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, idleRss: idle.rssBytes, peakRss: after.peakRssBytes, sampledPeakRss: sampledPeak, samples: sampler.samples() });
