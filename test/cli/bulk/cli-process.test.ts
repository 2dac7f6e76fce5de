import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../simulator/index';
import { simState } from '../../api/sim-control';

// The real `integra` executable in a child process: the bulk commands are
// reachable through it, and a binary dialing list is refused by upload-base
// before any request at all, Client Authentication included (the simulator's
// request log, read through its control API, is empty).

const BIN = fileURLToPath(new URL('../../../bin/integra.js', import.meta.url));

interface Exec {
  code: number;
  stdout: string;
  stderr: string;
}

describe('the integra executable', () => {
  let sim: Simulator;
  let dir: string;
  const integra = (args: readonly string[]): Promise<Exec> =>
    new Promise((resolve) => {
      const { user, password } = sim.ready.credentials.apiUser;
      execFile(
        process.execPath,
        [BIN, ...args],
        { env: { ...process.env, INTEGRA_BASE_URL: sim.baseUrl, INTEGRA_USER: user, INTEGRA_PASSWORD: password }, timeout: 30_000 },
        (error, stdout, stderr) => resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr }),
      );
    });

  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
    dir = await mkdtemp(join(tmpdir(), 'bulk-cli-'));
  });
  afterAll(async () => {
    await sim.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    sim.state.reset();
  });

  it('runs provision: JSON summary on stdout, plain progress lines on a non-terminal stderr', async () => {
    const csv = join(dir, 'agents.csv');
    await writeFile(csv, 'User,Full Name,Phone,Password,Campaigns\nzoe.ruiz,Zoe Ruiz,3001,pw-zoe,Soporte<-;Manual->\n');
    const result = await integra(['provision', '--csv', csv]);

    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout.trim())).toMatchObject({ command: 'provision', total: 1, ok: 1, failed: 0 });
    expect(result.stderr).toMatch(/^provision 1\/1 rows 100% · /m);
    expect(result.stderr).not.toContain('\r');
    expect(sim.state.membersOf('Manual->').map((m) => m.membername)).toContain('zoe.ruiz');
  });

  it.each([
    ['a zip archive', 'list.zip', Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(64, 1)])],
    ['an xlsx workbook', 'list.xlsx', Buffer.concat([Buffer.from('PK\x03\x04\x14\x00\x06\x00', 'latin1'), Buffer.from('[Content_Types].xml'), Buffer.alloc(64, 2)])],
    ['text with a NUL byte far past the head', 'list.csv', Buffer.concat([Buffer.from('phone,name\n'), Buffer.from('5491155550000,Ana\n'.repeat(40_000)), Buffer.from([0]), Buffer.from('5491155550001,Bob\n')])],
  ])('upload-base refuses %s before any request (exit 4)', async (_what, name, content) => {
    const file = join(dir, name);
    await writeFile(file, content);
    const result = await integra(['upload-base', '--file', file, '--campaign', 'Cobranzas->']);

    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/not a text list.*Export it as CSV/);
    expect((await simState(sim)).requests).toEqual([]);
    expect(sim.state.lists).toHaveLength(0);
  });
});
