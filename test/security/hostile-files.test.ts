// Issue 21, points 4 and 8: every file main reads is opened without blocking
// and checked on the open descriptor (a regular file, under its kind's size
// cap). A FIFO where a file should be used to hang main for good (a blocking
// open waits for a writer that never comes); a huge file was read whole.
//
// Each FIFO read runs in a child process (support/hostile-file-child.ts)
// with a bound on its wait, so a hang fails the test instead of vitest.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

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

  it('a dialing list swapped for a FIFO after it was looked at', async () => {
    expect(await inChild('list-file')).toEqual({ refused: expect.stringMatching(NOT_REGULAR) });
  }, CHILD_TEST_MS);
});
