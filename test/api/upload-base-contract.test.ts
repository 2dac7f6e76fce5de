import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BadInputError, createIntegraClient, type IntegraClient, type UploadProgress } from '../../main/api';
import { startSimulator, type Simulator } from '../../simulator/index';
import { control, resetSim, simState } from './sim-control';

// Upload Base against the simulator: what arrives is the file's text in UTF-8,
// whatever the encoding on disk; binary files never leave the machine.

let sim: Simulator;
let dir: string;
let client: IntegraClient;

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'upload-'));
});
afterEach(async () => {
  await client.close();
});
afterAll(async () => {
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await resetSim(sim);
  client = createIntegraClient({ baseUrl: sim.baseUrl });
  await client.clientAuthenticate(sim.ready.credentials.apiUser);
});

async function file(name: string, content: string | Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

async function storedContent(): Promise<unknown> {
  const [list] = (await simState(sim)).lists;
  return control(sim, 'GET', `/lists/${list!.id}/content`);
}

describe('Upload Base', () => {
  it('converts Windows-1252 to UTF-8 and counts the records', async () => {
    const path = await file('latin.csv', Buffer.from('099111,Mu\xf1oz\n099222,Pe\xf1a\n099333,G\xf3mez\n', 'latin1'));
    const result = await client.uploadBase({ file: path, campaign: 'Encuestas->', username: 'supervisor' });
    expect(result).toMatchObject({ cant: 3, analysis: { encoding: 'windows-1252', delimiter: ',' } });
    expect(await storedContent()).toBe('099111,Muñoz\n099222,Peña\n099333,Gómez\n');
  });

  it('strips a UTF-8 BOM, sends the given cant and filename, and reports progress', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => `09${String(i).padStart(7, '0')};Cliente ${i}`).join('\n');
    const path = await file('bom.txt', `\uFEFF${rows}\n`);
    const progress: UploadProgress[] = [];
    const result = await client.uploadBase({ file: path, campaign: 'Cobranzas->', username: 'supervisor', cant: 0, filename: 'base-enero.csv' }, { onProgress: (p) => progress.push(p) });
    expect(result).toMatchObject({ filename: 'base-enero.csv', cant: 0 });
    expect(await storedContent()).toBe(`${rows}\n`);
    expect(progress.at(-1)).toEqual({ bytesRead: result.analysis.bytes, totalBytes: result.analysis.bytes });
    expect((await simState(sim)).lists[0]).toMatchObject({ filename: 'base-enero.csv', campaign: 'Cobranzas->' });
  });

  it('refuses an xlsx before any request is made', async () => {
    const path = await file('lista.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)]));
    const error = await client.uploadBase({ file: path, campaign: 'Encuestas->', username: 'supervisor' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadInputError);
    expect((error as Error).message).toMatch(/^Upload Base: .*ZIP archive.*Export it as CSV/);
    expect((await simState(sim)).requests.filter((r) => r.operation === 'uploadBase')).toHaveLength(0);
  });
});
