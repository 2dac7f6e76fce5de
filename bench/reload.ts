// bench/reload (issue 24): a reload of the agent's page during a call, until
// audio flows both ways again, measured at both ends every 50 ms (the
// simulator's customer receives the new page's RTP; the page's received level
// rises): from the page's load event, and from its phone being online. The
// baseline, in the same run and alternating in blocks of 5: the same page
// reloaded without a call, load event → phone online (the part of a reload
// the take-over cannot shorten). The browser host and the simulator run in
// this process, Chromium as the E2E tests start it (test/e2e/harness.ts).
// Target (issue 24): audio both ways ≤ 2 s after the page is ready (its phone
// online), p95.
// Usage: npx tsx bench/reload.ts [--reloads 20]
import { parseArgs } from 'node:util';
import { simControl, startSignedIn } from '../test/e2e/harness';
import { panelState, simCalls } from '../test/e2e/calls-kit';
import { callWithAudio, reloadAndMeasure, type ReloadTimes } from '../test/e2e/reload-kit';
import { machine } from './lib/machine';
import { emitResult, printTable } from './lib/report';
import { percentile, round } from './lib/stats';

const { values } = parseArgs({ options: { reloads: { type: 'string', default: '20' } } });
const RELOADS = Math.max(5, Math.min(100, Math.round(Number(values.reloads)) || 20));
const BLOCK = 5;
const TARGET_MS = 2_000;

const app = await startSignedIn({ viewport: { width: 1100, height: 900 } });
try {
  const withCall: ReloadTimes[] = [];
  const withoutCall: ReloadTimes[] = [];
  let n = 0;
  while (withCall.length < RELOADS) {
    const call = await callWithAudio(app, `0996${String(100_000 + n).slice(1)}`);
    for (let i = 0; i < BLOCK && withCall.length < RELOADS; i++) withCall.push(await reloadAndMeasure(app, call.guid));
    await simControl(app.sim, 'POST', `/calls/${call.guid}/hangup`);
    await panelState(app.page, 'active').waitFor({ state: 'detached' });
    // The wrap-up the call leaves is set aside, so the next call's panel is the only one.
    await app.page.getByTestId('disposition-form').first().waitFor();
    for (let i = 0; i < BLOCK && withoutCall.length < RELOADS; i++) withoutCall.push(await reloadAndMeasure(app, null));
    n += 1;
  }
  const live = (await simCalls(app)).filter((c) => c.status !== 'ended');
  if (live.length > 0) throw new Error(`calls left live: ${live.map((c) => c.guid).join(', ')}`);

  const row = (what: string, samples: number[]) => ({
    what, reloads: samples.length, p50ms: round(percentile(samples, 50), 0), p95ms: round(percentile(samples, 95), 0), maxMs: round(Math.max(...samples), 0),
  });
  const rows = [
    row('no call: load → phone online (baseline)', withoutCall.map((t) => t.online)),
    row('call: load → phone online', withCall.map((t) => t.online)),
    row('call: load → audio both ways', withCall.map((t) => t.fromLoad)),
    row('call: phone online → audio both ways', withCall.map((t) => t.fromOnline)),
  ];
  emitResult('reload', machine());
  for (const r of rows) emitResult('reload', { kind: 'times', ...r });
  printTable(`bench/reload: ${RELOADS} reloads during a call, ${RELOADS} without (blocks of ${BLOCK}, alternating); ms`, rows);
  const p95 = percentile(withCall.map((t) => t.fromOnline), 95);
  const overBaseline = percentile(withCall.map((t) => t.fromLoad), 50) - percentile(withoutCall.map((t) => t.online), 50);
  emitResult('reload', { kind: 'targets', audioAfterOnlineP95ms: round(p95, 0), audioAfterOnlineP95ok: p95 <= TARGET_MS, medianOverBaselineMs: round(overBaseline, 0) });
  process.stderr.write(`target: audio both ways ≤ ${TARGET_MS} ms after the phone is online (p95) ${p95 <= TARGET_MS}; median reload with a call takes ${round(overBaseline, 0)} ms more than one without\n`);
} finally {
  await app.close();
}
