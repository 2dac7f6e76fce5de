// Issue 21, points 4 and 8: every file main reads is opened without blocking
// and checked on the open descriptor (a regular file, under its kind's size
// cap). A FIFO where a file should be used to hang main for good (a blocking
// open waits for a writer that never comes); a huge file was read whole.
//
// Each FIFO read runs in a child process (support/hostile-file-child.ts)
// with a bound on its wait, so a hang fails the test instead of vitest.
import { english } from '../../common/i18n/say';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMissedCalls } from '../../main/services/calls/missed-calls';
import { MAX_STATE_FILE_BYTES } from '../../main/services/files';
import { createJsonFileSettingsStorage, createSettingsService } from '../../main/services/settings';

const TSX = join(process.cwd(), 'node_modules', 'tsx', 'dist', 'loader.mjs');
const CHILD = join(__dirname, 'support', 'hostile-file-child.ts');
/** Far above the second or two a child takes (most of it tsx starting); only a read that blocks gets there. */
const HANG_BOUND_MS = 30_000;
const CHILD_TEST_MS = HANG_BOUND_MS + 15_000;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hostile-files-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The scenario's JSON answer; throws (fails the test) when the read hung or the child failed. */
function inChild(scenario: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', TSX, CHILD, scenario, dir], { timeout: HANG_BOUND_MS, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      if (error?.killed) reject(new Error(`the read of a FIFO in "${scenario}" hung (no answer in ${HANG_BOUND_MS / 1000} s)`));
      else if (error) reject(new Error(`the child of "${scenario}" failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as unknown);
    });
  });
}

const NOT_REGULAR = /not a regular file/u;

describe('a FIFO where main expects a file is refused at once, and the store goes on working', () => {
  it('the CA file, swapped for a FIFO between the look and the open (also Electron\'s certificate check)', async () => {
    expect(await inChild('ca-file')).toEqual({ ok: false, problem: 'not-a-file' });
  }, CHILD_TEST_MS);

  it('missed-calls/<hash>.json (missed and recent calls): set aside and said; a new call is kept', async () => {
    expect(await inChild('missed-calls')).toEqual({
      problem: expect.stringMatching(/missed calls could not be read \(it is not a regular file.*\)\. It was kept as .*\.corrupt-/u),
      history: [],
      afterwards: ['m-1'],
    });
  }, CHILD_TEST_MS);

  it('callbacks/<hash>.json: an empty list, and a new callback is kept', async () => {
    expect(await inChild('callbacks')).toEqual({ before: [], afterwards: ['g-1'] });
  }, CHILD_TEST_MS);

  it('outbox/wrapups.json: set aside and said', async () => {
    expect(await inChild('wrap-ups')).toEqual({ problem: expect.stringMatching(/waiting for a disposition could not be read \(it is not a regular file/u) });
  }, CHILD_TEST_MS);

  it('settings.json: defaults, said, and a change is saved', async () => {
    expect(await inChild('settings')).toEqual({ problem: expect.stringMatching(NOT_REGULAR), afterwards: 'en' });
  }, CHILD_TEST_MS);

  it('settings.json under electron-store (Electron): set aside before electron-store reads it', async () => {
    expect(await inChild('electron-store-settings')).toEqual({ problem: expect.stringMatching(NOT_REGULAR), afterwards: 'en' });
  }, CHILD_TEST_MS);

  it('the vault (saved sign-in): discarded, said, and a new secret is kept', async () => {
    expect(await inChild('vault')).toEqual({ problem: expect.stringMatching(/could not be read/u), afterwards: 'x' });
  }, CHILD_TEST_MS);

  it('the outbox journal: set aside and reported as quarantined; new dispositions are journaled', async () => {
    expect(await inChild('outbox')).toEqual({
      quarantined: { count: 1, file: join(dir, 'outbox', 'dispositions.quarantine.jsonl') },
      afterwards: ['d-1'],
    });
  }, CHILD_TEST_MS);

  it('the IT policy file: no policy, and why', async () => {
    expect(await inChild('policy')).toMatchObject({ policy: null, source: join(dir, 'policy.json'), problem: { key: 'policy.problem.unusable', params: { cause: expect.stringMatching(NOT_REGULAR) } } });
  }, CHILD_TEST_MS);

  it("the browser host's instance file: no running host", async () => {
    expect(await inChild('instance-file')).toBe('no-running-host');
  }, CHILD_TEST_MS);

  it('calls.json (the last manual campaign): no choice yet, and a new choice is kept (written over it, not into it)', async () => {
    expect(await inChild('calls-preferences')).toEqual({ before: { lastCampaign: null, recentTransferTargets: [] }, afterwards: { lastCampaign: 'Ventas->', recentTransferTargets: [] } });
  }, CHILD_TEST_MS);

  it('disposition-choices.json: the defaults, and why', async () => {
    expect(await inChild('disposition-choices')).toEqual({ problem: expect.stringMatching(NOT_REGULAR) });
  }, CHILD_TEST_MS);

  it('the XDG autostart entry: not present, and written over', async () => {
    expect(await inChild('autostart')).toEqual({ present: false, written: 'written', afterwards: true });
  }, CHILD_TEST_MS);

  it('a dialing list swapped for a FIFO after it was looked at', async () => {
    expect(await inChild('list-file')).toEqual({ refused: expect.stringMatching(NOT_REGULAR) });
  }, CHILD_TEST_MS);
});

describe('a state file over its cap is refused without being parsed', () => {
  const padded = (value: object): string => JSON.stringify({ ...value, padding: 'x'.repeat(MAX_STATE_FILE_BYTES) });

  it('missed calls: set aside and said; the list starts empty', () => {
    const agent = 'ana.garcia';
    const folder = join(dir, 'missed-calls');
    mkdirSync(folder);
    writeFileSync(join(folder, `${createHash('sha256').update(agent).digest('hex').slice(0, 32)}.json`), padded({ version: 2, agent, calls: [] }));
    const store = openMissedCalls(folder);
    expect(store.history(agent)).toEqual([]);
    const problem = store.takeProblem(agent);
    expect(problem && english(problem)).toMatch(/larger than 4 MB/u);
    expect(readdirSync(folder)).toEqual([expect.stringMatching(/\.corrupt-/u)]);
  });

  it('settings: defaults, said, and the file kept aside', () => {
    const path = join(dir, 'settings.json');
    writeFileSync(path, padded({ language: 'en' }));
    const settings = createSettingsService(createJsonFileSettingsStorage(path));
    expect(settings.get().language).toBe('es'); // the default
    expect(settings.loadProblem).toMatch(/larger than 4 MB/u);
    expect(readdirSync(dir)).toContainEqual(expect.stringMatching(/^settings\.corrupt-.*\.json$/u));
  });
});
