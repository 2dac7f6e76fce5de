// The one way main opens a file it reads (main/api/files/regular-file.ts):
// a regular file under its cap, checked on the open descriptor. The FIFO
// cases, which hang when this goes wrong, run in a child process in
// test/security/hostile-files.test.ts.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRegularFile, readRegularFile, readRegularFileSync, RefusedFileError, sizeWords } from '../../main/api/files/regular-file';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'regular-file-'));
  writeFileSync(join(dir, 'state.json'), '{"a":1}');
  mkdirSync(join(dir, 'real'));
  writeFileSync(join(dir, 'real', 'lista.csv'), 'telefono\n099123456\n');
  symlinkSync(join(dir, 'real', 'lista.csv'), join(dir, 'link.csv'));
  symlinkSync(join(dir, 'real'), join(dir, 'folder-link'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const reads = [
  ['readRegularFileSync', async (path: string, maxBytes: number) => readRegularFileSync(path, maxBytes)],
  ['readRegularFile', readRegularFile],
] as const;

describe.each(reads)('%s', (_name, read) => {
  it('reads a regular file under its cap, following links', async () => {
    expect(await read(join(dir, 'state.json'), 1024)).toMatchObject({ ok: true, bytes: Buffer.from('{"a":1}') });
    expect(await read(join(dir, 'link.csv'), 1024)).toMatchObject({ ok: true, bytes: Buffer.from('telefono\n099123456\n') });
  });

  it('says "missing" for no file, and for a file under a missing folder', async () => {
    expect(await read(join(dir, 'none.json'), 1024)).toEqual({ ok: false, problem: 'missing', code: 'ENOENT' });
    expect(await read(join(dir, 'state.json', 'below'), 1024)).toEqual({ ok: false, problem: 'missing', code: 'ENOTDIR' });
  });

  it.each(['/dev/zero', '/dev/null', '/tmp'])('refuses %s as not a regular file', async (path) => {
    expect(await read(path, 1024)).toEqual({ ok: false, problem: 'not-a-file' });
  });

  it('refuses a file its size says is over the cap, and one that turns out longer than its size says', async () => {
    expect(await read(join(dir, 'state.json'), 6)).toEqual({ ok: false, problem: 'too-large', maxBytes: 6 });
    // /proc files say 0 bytes and hold more: the read stops one byte past the cap.
    expect(await read('/proc/self/status', 64)).toEqual({ ok: false, problem: 'too-large', maxBytes: 64 });
  });
});

describe('openRegularFile (a streamed list)', () => {
  it('with links refused: a link as the file itself is refused, a link among the folders is not', async () => {
    expect(await openRegularFile(join(dir, 'link.csv'), { links: 'refuse' })).toEqual({ ok: false, problem: 'link' });
    expect(await openRegularFile(join(dir, 'folder-link'), { links: 'refuse' })).toEqual({ ok: false, problem: 'not-a-file' });
    const opened = await openRegularFile(join(dir, 'folder-link', 'lista.csv'), { links: 'refuse' });
    expect(opened).toMatchObject({ ok: true, stat: { size: 19 } });
    if (opened.ok) await opened.handle.close();
  });

  it('refuses what is not a regular file, and follows links by default', async () => {
    expect(await openRegularFile('/dev/zero')).toEqual({ ok: false, problem: 'not-a-file' });
    const opened = await openRegularFile(join(dir, 'link.csv'));
    expect(opened.ok).toBe(true);
    if (opened.ok) await opened.handle.close();
  });
});

describe('words', () => {
  it('names the file and the cause', () => {
    expect(new RefusedFileError('/x/settings.json', { problem: 'too-large', maxBytes: 4 * 1024 * 1024 }).message).toBe(
      'the file /x/settings.json cannot be used: it is larger than 4 MB',
    );
    expect(new RefusedFileError('/x/a.json', { problem: 'not-a-file' }).message).toMatch(/not a regular file/u);
  });

  it('writes sizes as people do', () => {
    expect([sizeWords(64 * 1024), sizeWords(4 * 1024 * 1024), sizeWords(1000)]).toEqual(['64 KB', '4 MB', '1000 bytes']);
  });
});
