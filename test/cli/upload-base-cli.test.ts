import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../main/cli/run-cli';
import { startSimulator, type Simulator } from '../../simulator/index';
import { resetSim, simState } from '../api/sim-control';
import { runIntegra } from './run-integra';

// integra upload-base as a user runs it (bin/integra.js against a simulator
// started here): --dry-run sends nothing, progress and the summary go to
// stderr while stdout stays one JSON document, and a file that is not text
// is refused before any request at all, Client Authentication included.

let sim: Simulator;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'upload-base-cli-'));
  const { apiUser } = sim.ready.credentials;
  env = { INTEGRA_BASE_URL: sim.baseUrl, INTEGRA_USER: apiUser.user, INTEGRA_PASSWORD: apiUser.password };
});
afterAll(async () => {
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await resetSim(sim);
});

/** `phone;name` header and `count` records of 17 bytes each. */
async function listFile(name: string, count: number): Promise<string> {
  const path = join(dir, name);
  const rows = Array.from({ length: count }, (_, i) => `0991${String(i).padStart(8, '0')};Ana\n`);
  await writeFile(path, `phone;name\n${rows.join('')}`);
  return path;
}

describe('integra upload-base', { timeout: 60_000 }, () => {
  it('--help documents --dry-run', async () => {
    const help = await runIntegra(['upload-base', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--dry-run\s+analyse and validate only, send nothing/);
  });

  it('--dry-run prints the analysis and what would be sent, and sends no request at all', async () => {
    const file = await listFile('dry.csv', 3);
    const run = await runIntegra(['upload-base', '--file', file, '--campaign', ' Encuestas-> ', '--dry-run'], env);

    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      dryRun: true,
      analysis: expect.objectContaining({ encoding: 'utf-8', delimiter: ';', records: 3, hasHeader: true, bytes: 11 + 3 * 17 }),
      wouldSend: { filename: 'dry.csv', campaign: 'Encuestas->', cant: 3, username: env['INTEGRA_USER'] },
    });
    expect(JSON.parse(run.stdout).analysis.firstRows[0]).toEqual(['phone', 'name']);
    const state = await simState(sim);
    expect(state.requests).toEqual([]);
    expect(state.lists).toEqual([]);
  });

  it('warns on stderr about rows whose fields do not match the first row\'s, naming their rows, and still uploads', async () => {
    const path = join(dir, 'uneven.csv');
    await writeFile(path, 'telefono;nombre\n099111222;Ana\n099333444\n099555666;Eva;extra\n');
    const run = await runIntegra(['upload-base', '--file', path, '--campaign', 'Encuestas->'], env);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('upload-base: warning: 2 rows do not have as many fields as the first row, which has 2 (rows 3, 4); the platform may misread them. Check the file, or upload it as it is.\n');
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, cant: 3, analysis: { unevenRows: { fields: 2, count: 2, lines: [3, 4] } } });
    const even = await runIntegra(['upload-base', '--file', await listFile('even.csv', 2), '--campaign', 'Encuestas->', '--dry-run'], env);
    expect(even.stderr).not.toMatch(/warning/);
  });

  it('--dry-run needs neither an instance address nor a password', async () => {
    const file = await listFile('offline.csv', 2);
    const run = await runIntegra(['upload-base', '--file', file, '--campaign', 'Encuestas->', '--username', 'sup', '--dry-run']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ wouldSend: { cant: 2, username: 'sup' } });
  });

  it('off a terminal: plain progress lines and a summary on stderr, stdout is only the JSON result', async () => {
    const records = 62_000; // just over 1 MiB: several chunks, so several progress lines
    const file = await listFile('big.csv', records);
    const run = await runIntegra(['upload-base', '--file', file, '--campaign', 'Encuestas->'], env);

    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, filename: 'big.csv', campaign: 'Encuestas->', cant: records });
    expect(run.stderr).not.toContain('\r');
    const lines = run.stderr.trim().split('\n');
    const progress = lines.filter((line) => line.startsWith('upload-base ') && / \d+%/.test(line));
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress.at(-1)).toMatch(/^upload-base 1\.0 MiB\/1\.0 MiB 100% · [0-9.]+ (B|KiB|MiB|GiB)\/s/);
    expect(lines.at(-1)).toMatch(new RegExp(`^upload-base: ${records.toLocaleString('en-US')} records, 1\\.0 MiB to Encuestas-> in [0-9.]+s \\([0-9.]+ (B|KiB|MiB|GiB)/s\\)$`));
    const state = await simState(sim);
    expect(state.lists).toContainEqual(expect.objectContaining({ campaign: 'Encuestas->', cant: records }));
  });

  it('on a terminal: one line rewritten in place, then the summary', async () => {
    const file = await listFile('tty.csv', 100);
    let stdout = '';
    let stderr = '';
    const code = await runCli(['upload-base', '--file', file, '--campaign', 'Encuestas->'], {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
      env,
      stderrIsTty: true,
    });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ ok: true, cant: 100 });
    expect(stderr.startsWith('\r\x1b[2Kupload-base ')).toBe(true);
    const [drawn, summary] = stderr.split('\n');
    expect(drawn?.split('\r\x1b[2K').at(-1)).toMatch(/^upload-base 1\.7 KiB\/1\.7 KiB 100% · /);
    expect(summary).toMatch(/^upload-base: 100 records, 1\.7 KiB to Encuestas-> in /);
  });

  it.each([
    ['an xlsx workbook', 'list.xlsx', [], Buffer.concat([Buffer.from('PK\x03\x04\x14\x00\x06\x00', 'latin1'), Buffer.from('[Content_Types].xml'), Buffer.alloc(64, 2)])],
    // With --cant the client reads only the head before sending; the CLI still reads the whole file first.
    ['a NUL byte far past the head, --cant given', 'late-nul.csv', ['--cant', '5'], Buffer.concat([Buffer.from('phone\n'), Buffer.from('099155550000\n'.repeat(40_000)), Buffer.from([0, 0x0a])])],
  ])('refuses %s with exit 4 before any request, Client Authentication included', async (_what, name, extra, content) => {
    const file = join(dir, name);
    await writeFile(file, content);
    const run = await runIntegra(['upload-base', '--file', file, '--campaign', 'Encuestas->', ...extra], env);

    expect(run.code).toBe(4);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/not a text list.*Export it as CSV/);
    expect((await simState(sim)).requests).toEqual([]);
  });

  it('refuses a missing file with exit 4 before any request', async () => {
    const run = await runIntegra(['upload-base', '--file', join(dir, 'nowhere.csv'), '--campaign', 'Encuestas->'], env);
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/cannot be read \(ENOENT\)/);
    expect((await simState(sim)).requests).toEqual([]);
  });
});
