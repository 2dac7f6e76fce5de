// The other half of the benchmarks' smoke run (see benches-calls.test.ts):
// the API, provisioning, reconnecting fleets and the cold start, each to its
// end at a tiny size. No figure is judged here.
import { describe, expect, it } from 'vitest';
import { expectRan, runBench } from './bench-runner';

describe('npm run bench: the platform and fleets', () => {
  it('upload-base streams and the naive client uploads a 1 MiB list, both stored whole', { timeout: 120_000 }, async () => {
    const run = await runBench('bench/upload-base.ts', ['--sizes', '1']);
    expectRan(run, 'upload-base');
    const uploads = run.rows.filter((row) => row['sizeMiB'] === 1);
    expect(uploads.map((row) => row['client']).sort()).toEqual(['naive', 'streaming']);
    for (const row of uploads) {
      expect(row).toMatchObject({ ok: true, error: null });
      expect(typeof row['records']).toBe('number');
    }
  });

  it('provision runs the sequential baseline, the runner and the bare-HTTP ceiling for 20 agents', { timeout: 120_000 }, async () => {
    const run = await runBench('bench/provision.ts', ['--agents', '20', '--latencies', '0', '--repeat', '1']);
    expectRan(run, 'provision');
    const summary = run.rows.filter((row) => typeof row['summary'] === 'string');
    const variants = summary.map((row) => String(row['variant']));
    expect(variants).toEqual(expect.arrayContaining(['runner, concurrency 8 (default)', 'ceiling: bare HTTP, concurrency 8']));
    expect(variants.some((variant) => variant.startsWith('sequential'))).toBe(true);
    for (const row of summary) expect(row).toMatchObject({ ok: true, serverLatencyMs: 0 });
  });

  it('reregister drops the connection twice under each phone and both register again', { timeout: 120_000 }, async () => {
    const run = await runBench('bench/reregister.ts', ['2']);
    expectRan(run, 'reregister');
    const phones = run.rows.filter((row) => row['kind'] === 'phone');
    expect(phones.map((row) => row['phone']).sort()).toEqual(['simpleUser', 'tuned']);
    for (const row of phones) expect(row).toMatchObject({ outages: 2, registered: 2 });
  });

  it('outage-matrix keeps calls through a cut and a frozen SIP connection and brings the API back, for the app phone and the page-only baseline', { timeout: 120_000 }, async () => {
    const run = await runBench('bench/outage-matrix.ts', ['--lengths', '1', '--modes', 'cut,freeze', '--app', '1', '--page-only', '1', '--api-lengths', '1', '--api-sessions', '1']);
    expectRan(run, 'outage-matrix');
    const runs = run.rows.filter((row) => row['kind'] === 'run');
    expect(runs.map((row) => `${row['mode']}:${row['variant']}`).sort()).toEqual(['cut:app', 'cut:page-only', 'freeze:app', 'freeze:page-only']);
    for (const row of runs) expect(row).toMatchObject({ phones: 1, survivedWithMedia: 1, zombies: 0, registered: 1 });
    expect(run.rows.find((row) => row['kind'] === 'api')).toMatchObject({ sessions: 1, online: 1, stored: 1 });
    expect(run.rows.some((row) => row['kind'] === 'targets')).toBe(true);
  });

  it('cold-start loads the app and the bare sip.js page until registered, with nothing cached and with the code kept, and signs in', { timeout: 120_000 }, async () => {
    const run = await runBench('bench/cold-start.ts', ['--runs', '2']);
    expectRan(run, 'cold-start');
    const pages = run.rows.filter((row) => row['kind'] === 'page');
    expect(pages.map((row) => row['page'])).toEqual([
      'the app: reload, signed in; nothing cached',
      'bare sip.js page; nothing cached',
      'the app: reload, signed in; compiled code kept',
      'bare sip.js page; compiled code kept',
      'the app: a new window (own process); nothing cached',
      'bare sip.js page: own process; nothing cached',
      'the app: a new window (own process); code kept',
      'bare sip.js page: own process; code kept',
      'the app: "Sign in" → registered',
    ]);
    for (const row of pages) {
      expect(row['runs']).toBe(2);
      expect([typeof row['p50ms'], typeof row['builtKiB']]).toEqual(['number', 'number']);
    }
    // The same event at both pages (the registrar's 200 seen over CDP), every case: a figure for each, not NaN.
    const registered = run.rows.filter((row) => row['kind'] === 'registered');
    expect(registered.map((row) => row['cache'])).toEqual(['reload, nothing cached', 'reload, code kept', 'new window, nothing cached', 'new window, code kept']);
    for (const row of registered) expect([Number(row['appP50ms']) > 0, Number(row['bareP50ms']) > 0]).toEqual([true, true]);
    // A reload fetched JavaScript, and less than the build holds (the other language and the supervisor console stay behind).
    const reload = pages[0];
    expect(reload?.['loadedKiB']).toBeGreaterThan(0);
    expect(Number(reload?.['loadedKiB'])).toBeLessThan(Number(reload?.['builtKiB']));
    const targets = run.rows.find((row) => row['kind'] === 'targets');
    expect(['reloadNothingCached', 'reloadKept', 'startNothingCached', 'startKept'].map((key) => typeof targets?.[key])).toEqual(['number', 'number', 'number', 'number']);
    // The measure, the registrar's 200 at both pages, is judged beside the header's.
    const registeredTargets = ['registeredReloadNothingCached', 'registeredReloadKept', 'registeredStartNothingCached', 'registeredStartKept'];
    expect(registeredTargets.map((key) => targets?.[key])).toEqual(registered.map((row) => row['ratio']));
    expect(registeredTargets.map((key) => typeof targets?.[`${key}WithinOneAndAHalf`])).toEqual(['boolean', 'boolean', 'boolean', 'boolean']);
  });

  it('fleet-reconnect takes 5 phones of each stack through a 5 s outage; the app phone opens no WebSocket while the server refuses', { timeout: 120_000 }, async () => {
    const run = await runBench('bench/fleet-reconnect.ts', ['--agents', '5', '--outages', '5', '--hold', '2']);
    expectRan(run, 'fleet-reconnect');
    expect(run.rows.find((row) => row['kind'] === 'hold')).toMatchObject({ agents: 5, variant: 'app', boundOnSimulator: 5 });
    const outages = run.rows.filter((row) => row['kind'] === 'outage');
    expect(outages.map((row) => row['variant']).sort()).toEqual(['app', 'jssip', 'simple-user']);
    const byVariant = (variant: string) => outages.find((row) => row['variant'] === variant);
    // Counts, not timings: main's probes instead of WebSockets (none got past TCP: the port refuses), every phone back; the baselines retry by WebSocket.
    expect(byVariant('app')).toMatchObject({ pbx: 'simulator', front: 'none', agents: 5, outageS: 5, repeat: 1, wsAttempts: 0, probeUpgrades: 0, registered: 5 });
    expect(byVariant('app')?.['probes']).toBeGreaterThanOrEqual(5);
    expect(byVariant('jssip')).toMatchObject({ registered: 5, probes: 0 });
    for (const variant of ['jssip', 'simple-user']) expect(byVariant(variant)?.['wsAttempts']).toBeGreaterThanOrEqual(5);
    expect(run.rows.find((row) => row['kind'] === 'targets')).toMatchObject({ agents: 5, outageS: 5, runs: 1 });
  });

  it('fleet-reconnect on Kamailio behind a front that accepts and closes: every probe gets past TCP, none counts as the SIP service, no WebSocket from the page, all back', { timeout: 120_000 }, async () => {
    const run = await runBench('bench/fleet-reconnect.ts', ['--agents', '5', '--outages', '5', '--variants', 'app', '--pbx', 'kamailio', '--front', 'close']);
    expectRan(run, 'fleet-reconnect');
    const app = run.rows.find((row) => row['kind'] === 'outage');
    expect(app).toMatchObject({ pbx: 'kamailio', front: 'close', agents: 5, wsAttempts: 0, registered: 5 });
    expect(app?.['probes']).toBeGreaterThanOrEqual(5);
    expect(app?.['probeUpgrades']).toBe(app?.['probes']);
  });

  it('fleet-reconnect on a Kamailio that sheds REGISTERs with 503 Retry-After: phones are refused and none asks again before its Retry-After', { timeout: 120_000 }, async () => {
    const run = await runBench('bench/fleet-reconnect.ts', ['--agents', '8', '--outages', '3', '--variants', 'app', '--pbx', 'kamailio', '--shed', '3', '--retry-after', '1']);
    expectRan(run, 'fleet-reconnect');
    const app = run.rows.find((row) => row['kind'] === 'outage');
    expect(app).toMatchObject({ pbx: 'kamailio', agents: 8, shedRetryTooSoon: 0 });
    expect(app?.['sheds']).toBeGreaterThan(0);
  });
});
