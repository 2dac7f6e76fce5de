// Issue 13, point 6: the page could read any local file through
// supervisor.analyzeList without being signed in (e.g. /etc/passwd). Now only a
// signed-in supervisor, and only regular .csv/.txt files (a workbook under
// another name is named from its first bytes, never read).
// Issue 21, point 7: a link named list.csv passed the name rule and gave the
// page the first rows of whatever it points to; links are now refused.
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IpcFailure, SIGNED_OUT, type SessionView } from '../../common/ipc-contract';
import { createIntegraClient } from '../../main/api';
import { createSupervisorService } from '../../main/services/supervisor';

// Nothing here reaches the platform: every refusal comes before any request.
const client = createIntegraClient({ baseUrl: 'https://127.0.0.1:9' });
const supervisor: SessionView = { ...SIGNED_OUT, state: 'signed-in', apiUser: 'supervisor', instanceUrl: 'https://127.0.0.1:9' };
const agentOnly: SessionView = { ...supervisor, apiUser: null };
const service = (view: SessionView) => createSupervisorService({ session: { view: () => view, client: () => client }, files: { kind: 'typed-path' } });

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'list-file-access-'));
  writeFileSync(join(dir, 'lista.csv'), 'telefono;nombre\n099123456;Ana\n');
  writeFileSync(join(dir, 'notes.md'), 'telefono\n099123456\n');
  writeFileSync(join(dir, 'libro.dat'), Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(32, 1)]));
  symlinkSync('/etc/passwd', join(dir, 'list.csv'));
  symlinkSync(join(dir, 'lista.csv'), join(dir, 'alias.csv'));
});
afterAll(async () => {
  await client.close();
  rmSync(dir, { recursive: true, force: true });
});

async function refusal(promise: Promise<unknown>): Promise<IpcFailure['detail']> {
  const error: unknown = await promise.then(() => new Error('expected a refusal'), (e: unknown) => e);
  expect(error).toBeInstanceOf(IpcFailure);
  return (error as IpcFailure).detail;
}

describe('reading a list file', () => {
  it.each([['signed out', SIGNED_OUT], ['signed in as an agent only', agentOnly]])('is refused %s, even for a real CSV', async (_name, view) => {
    expect(await refusal(service(view).analyzeList(join(dir, 'lista.csv')))).toMatchObject({ code: 'not-signed-in' });
    expect(await refusal(service(view).analyzeList('/etc/passwd'))).toMatchObject({ code: 'not-signed-in' });
  });

  it('refuses /etc/passwd and other names than .csv/.txt for a supervisor', async () => {
    expect(await refusal(service(supervisor).analyzeList('/etc/passwd'))).toMatchObject({ say: { key: 'sup.err.listType' }, field: 'path' });
    expect(await refusal(service(supervisor).analyzeList(join(dir, 'notes.md')))).toMatchObject({ say: { key: 'sup.err.listType' } });
  });

  it.each(['/dev/zero', '/proc/self', '/tmp'])('refuses what is not a regular file: %s', async (path) => {
    expect(await refusal(service(supervisor).analyzeList(path))).toMatchObject({ say: { key: 'sup.err.listNotFile' } });
  });

  it('names a workbook under another name as binary, and reads a .csv', async () => {
    expect(await service(supervisor).analyzeList(join(dir, 'libro.dat'))).toMatchObject({ status: 'binary', binary: 'zip' });
    expect(await service(supervisor).analyzeList(join(dir, 'lista.csv'))).toMatchObject({ status: 'text', analysis: { records: 1 } });
  });
});

describe('a link named .csv or .txt', () => {
  it('to /etc/passwd is refused: no rows of it reach the page', async () => {
    expect(await refusal(service(supervisor).analyzeList(join(dir, 'list.csv')))).toMatchObject({ say: { key: 'sup.err.listLink' }, field: 'path' });
  });

  it('to a real .csv is refused too: the name checked is the name of the file read', async () => {
    expect(await refusal(service(supervisor).analyzeList(join(dir, 'alias.csv')))).toMatchObject({ say: { key: 'sup.err.listLink' } });
  });

  it('is refused for upload before anything is read or sent', async () => {
    const upload = service(supervisor).uploadList({ path: join(dir, 'list.csv'), campaign: 'Encuestas->', uploadId: 'u1' });
    expect(await refusal(upload)).toMatchObject({ say: { key: 'sup.err.listLink' }, field: 'path' });
  });
});
