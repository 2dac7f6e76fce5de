// Every benchmark runs to its end at a tiny size and prints the JSON rows its
// figures come from, so `npm run bench` cannot rot unnoticed between the times
// someone measures. No figure is judged here (timings belong to the benches).
// Two files (calls and media here, fleets and the platform in
// benches-fleet.test.ts) so that the two halves run beside other tests.
import { describe, expect, it } from 'vitest';
import { expectRan, runBench } from './bench-runner';

describe('npm run bench: calls and media', () => {
  it('call-setup places two calls per phone in Chromium (Make Call to two, a customer through rtpengine to the third), none failing', { timeout: 120_000 }, async () => {
    const run = await runBench('bench/call-setup.ts', ['2']);
    expectRan(run, 'call-setup');
    const steps = run.rows.filter((row) => row['kind'] === 'step');
    expect(new Set(steps.map((row) => row['phone']))).toEqual(new Set(['tuned', 'baseline', 'tuned, customer via rtpengine']));
    for (const row of steps) expect(row).toMatchObject({ calls: 2, failures: 0 });
    expect(run.rows.some((row) => row['kind'] === 'targets')).toBe(true);
  });

  it('transfer hands a customer from ana to bruno by blind transfer and calls bruno directly, through the simulator and through Kamailio, none failing', { timeout: 120_000 }, async () => {
    const run = await runBench('bench/transfer.ts', ['--transfers', '1']);
    expectRan(run, 'transfer');
    // The Kamailio path needs Debian's packages (npm test installs them first); without them it says it was skipped.
    const skipped = run.rows.some((row) => row['kind'] === 'skipped' && row['path'] === 'kamailio');
    const paths = skipped ? ['simulator'] : ['simulator', 'kamailio'];
    for (const path of paths) {
      expect(run.rows.find((row) => row['kind'] === 'transfers' && row['path'] === path)).toMatchObject({ transfers: 1, done: 1, failed: 0, directCalls: 1, directFailed: 0 });
      expect(run.rows.some((row) => row['kind'] === 'comparison' && row['path'] === path)).toBe(true);
    }
    const steps = run.rows.filter((row) => row['kind'] === 'step');
    const labels = paths.flatMap((path) => [`${path}: customer → bruno (direct)`, `${path}: customer → ana (direct)`, `${path}: blind transfer ana → bruno`]);
    expect(new Set(steps.map((row) => row['path']))).toEqual(new Set(labels));
    // Every step of every call was seen (the customer heard the target each time), whatever it took.
    for (const row of steps) expect(row).toMatchObject({ measured: 1, missing: 0 });
  });

  it('conference measures CPU per phase and the clicks through both mixers and the pass-through baseline, on all four paths', { timeout: 120_000 }, async () => {
    const run = await runBench('bench/conference.ts', ['--seconds', '1', '--segments', '1', '--delay-seconds', '2']);
    expectRan(run, 'conference');
    const cpu = run.rows.filter((row) => row['kind'] === 'cpu');
    expect(cpu.map((row) => row['phase'])).toEqual(['idle', 'two-party', 'web-audio', 'frames']);
    for (const row of cpu) expect(row).toMatchObject({ windows: 1, rendererCpuSPerMin: expect.any(Number) });
    const delays = run.rows.filter((row) => row['kind'] === 'delay');
    const paths = ['party 0 → party 1', 'agent → party 0', 'party 1 → party 0', 'agent → party 1'];
    expect(delays.map((row) => `${row['mixer']}: ${row['path']}`)).toEqual(
      ['pass-through (baseline)', 'web-audio', 'frames'].flatMap((mixer) => paths.map((path) => `${mixer}: ${path}`)),
    );
    // Clicks got through every path (how long they took is the bench's to say); the frame mixer ran in its worker.
    for (const row of delays) expect(row['measured'], `clicks measured, ${String(row['mixer'])}: ${String(row['path'])}`).toBeGreaterThan(0);
    expect(delays.find((row) => row['mixer'] === 'frames')?.['where']).toBe('worker');
    expect(run.rows.filter((row) => row['kind'] === 'verdict').map((row) => row['mixer'])).toEqual(['web-audio', 'frames']);
  });

  it('call-soak makes calls through the UI and measures both sides: no peer connection or microphone left behind a call', { timeout: 120_000 }, async () => {
    const run = await runBench('bench/call-soak.ts', ['--calls', '4', '--every', '2', '--warmup', '1']);
    expectRan(run, 'call-soak');
    const checkpoints = run.rows.filter((row) => row['kind'] === 'checkpoint');
    expect(checkpoints.map((row) => row['calls'])).toEqual([0, 2, 4]);
    for (const row of checkpoints) {
      expect(row).toMatchObject({ peerConnectionsReachable: 0, peerConnectionsOpen: 0, microphoneTracksLive: 0 });
      expect(row['pageHeapMiB']).toBeGreaterThan(0);
      expect(row['mainHeapMiB']).toBeGreaterThan(0);
      expect(row['mainRssMiB']).toBeGreaterThan(0);
    }
    expect(run.rows.some((row) => row['kind'] === 'targets')).toBe(true);
  });

  it('headset-unplug unplugs the headset once per mode and the call audio comes back each time', { timeout: 180_000 }, async () => {
    const run = await runBench('bench/headset-unplug.ts', ['--unplugs', '1']);
    expectRan(run, 'headset-unplug');
    const summaries = run.rows.filter((row) => row['kind'] === 'summary');
    expect(summaries.map((row) => row['mode'])).toEqual(['moves', 'stays']);
    for (const row of summaries) expect(row).toMatchObject({ unplugs: 1, speakerNeverBack: 0 });
  });

  it('shift-check runs the check after a sign-in and saves the diagnostics file before and after a call', { timeout: 120_000 }, async () => {
    const run = await runBench('bench/shift-check.ts', ['--runs', '1', '--calls', '1', '--call-seconds', '1']);
    expectRan(run, 'shift-check');
    const times = run.rows.filter((row) => row['kind'] === 'times');
    expect(times).toHaveLength(4);
    for (const row of times) expect(row).toMatchObject({ runs: 1, p50ms: expect.any(Number) });
    const bundles = run.rows.filter((row) => row['kind'] === 'bundle');
    expect(bundles.map((row) => row['calls'])).toEqual([0, 1]);
    for (const row of bundles) expect(Number(row['totalKiB'])).toBeGreaterThan(0);
    expect(run.rows.find((row) => row['kind'] === 'targets')).toMatchObject({ bundleUnderCap: true });
  });
});
