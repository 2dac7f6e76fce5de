import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeDialingList, BadInputError } from '../../main/api';
import { uploadBody } from '../../main/api/upload/upload-body';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dialing-list-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, content: string | Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

/** Runs the streamed body and decodes fileb64 back to text, as the platform would. */
async function sentText(path: string, encoding: 'utf-8' | 'utf-8-bom' | 'windows-1252'): Promise<{ text: string; fields: URLSearchParams; progress: number[] }> {
  const progress: number[] = [];
  const chunks: Buffer[] = [];
  const body = uploadBody({ path, encoding, fields: new URLSearchParams([['campaign', 'C->']]), onBytesRead: (n) => progress.push(n), onBinary: () => new Error('binary') });
  for await (const chunk of body) chunks.push(chunk);
  const fields = new URLSearchParams(Buffer.concat(chunks).toString('latin1'));
  return { text: Buffer.from(fields.get('fileb64') ?? '', 'base64').toString('utf8'), fields, progress };
}

describe('analyzeDialingList', () => {
  it('detects a semicolon list in UTF-8 with a header and counts records', async () => {
    const path = await file('a.csv', 'telefono;nombre\n099111222;Ana Núñez\n\n099333444;"Bruno; Jr"\n');
    const a = await analyzeDialingList(path);
    expect(a).toMatchObject({ encoding: 'utf-8', delimiter: ';', records: 2, hasHeader: true, bytes: (await readFile(path)).length });
    expect(a.firstRows[2]).toEqual(['099333444', 'Bruno; Jr']);
  });

  it('detects a BOM, Windows-1252 and a quoted field with a newline', async () => {
    expect((await analyzeDialingList(await file('b.csv', '\uFEFF099,a\n098,b\n'))).encoding).toBe('utf-8-bom');
    const latin = Buffer.from('099,Mu\xf1oz\n098,"two\nlines"\n097,x', 'latin1');
    expect(await analyzeDialingList(await file('c.csv', latin))).toMatchObject({ encoding: 'windows-1252', records: 3, hasHeader: false });
  });

  it.each([
    ['xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])],
    ['nul', Buffer.from('099,a\n\0\0\0')],
  ])('refuses a binary file (%s) saying to export as CSV', async (name, content) => {
    const path = await file(`${name}.bin`, content);
    await expect(analyzeDialingList(path)).rejects.toThrow(BadInputError);
    await expect(analyzeDialingList(path)).rejects.toThrow(/export it as CSV/i);
  });

  it('refuses NUL bytes far past the head in the counting pass', async () => {
    const path = await file('late-nul.csv', Buffer.concat([Buffer.from('099,a\n'.repeat(20_000)), Buffer.from([0])]));
    await expect(analyzeDialingList(path)).rejects.toThrow(/NUL/);
  });

  it('finds rows whose fields do not match the first row\'s, by the row a spreadsheet shows (a quoted line break stays inside its cell, a blank line is a row)', async () => {
    const text = [
      'telefono;nombre;ciudad', // line 1: three fields, the rule
      '099111222;Ana;Montevideo',
      '099333444;Bruno', // 3: one short
      '',
      '099555666;"Carla; hija";"Salto\ncentro"', // 5: quoted delimiter and line break, three fields
      '099777888;Diego;Rivera;extra', // 6: one too many
      ';;', // 7: delimiters only, not a record
      '099000111;Eva;Paysandú', // 8
    ].join('\r\n');
    const a = await analyzeDialingList(await file('uneven.csv', `${text}\r\n099222333`));
    expect(a.records).toBe(6);
    expect(a.unevenRows).toEqual({ fields: 3, count: 3, lines: [3, 6, 9] });
    const even = await analyzeDialingList(await file('even.csv', 'telefono,nombre\n099,a\n098,"b, c"\n'));
    expect(even.unevenRows).toEqual({ fields: 2, count: 0, lines: [] });
  });

  it('keeps the first five uneven lines and counts them all', async () => {
    const rows = ['a;b', ...Array.from({ length: 9 }, (_, i) => (i % 2 === 0 ? `09${i}` : `09${i};x`))];
    const a = await analyzeDialingList(await file('many-uneven.csv', rows.join('\n')));
    expect(a.unevenRows).toEqual({ fields: 2, count: 5, lines: [2, 4, 6, 8, 10] });
    const more = await analyzeDialingList(await file('more-uneven.csv', ['a;b', ...Array.from({ length: 8 }, () => '099')].join('\n')));
    expect(more.unevenRows).toMatchObject({ count: 8, lines: [2, 3, 4, 5, 6] });
  });

  it('reports a missing file as bad input', async () => {
    await expect(analyzeDialingList(join(dir, 'nope.csv'))).rejects.toThrow(/cannot be read \(ENOENT\)/);
  });
});

describe('uploadBody', () => {
  it('sends UTF-8 text unchanged across chunk boundaries, with progress by bytes read', async () => {
    const text = 'ñandú,€,😀\n'.repeat(30_000); // multi-byte characters straddle every 64 KiB chunk
    const path = await file('big.csv', text);
    const sent = await sentText(path, 'utf-8');
    expect(sent.text).toBe(text);
    expect(sent.fields.get('campaign')).toBe('C->');
    expect(sent.progress.at(-1)).toBe(Buffer.byteLength(text));
    expect(sent.progress.length).toBeGreaterThan(1);
  });

  it('strips a BOM and converts Windows-1252 to UTF-8', async () => {
    expect((await sentText(await file('bom.csv', '\uFEFF099,a\n'), 'utf-8-bom')).text).toBe('099,a\n');
    const latin = Buffer.from('099,Mu\xf1oz \x80\n', 'latin1');
    expect((await sentText(await file('latin.csv', latin), 'windows-1252')).text).toBe('099,Muñoz €\n');
  });
});

describe('analyzeDialingList cancellation', () => {
  it('an aborted signal ends the counting pass with AbortedError', async () => {
    const path = await file('abort.csv', '099,a\n'.repeat(50_000));
    const controller = new AbortController();
    controller.abort();
    await expect(analyzeDialingList(path, { signal: controller.signal })).rejects.toMatchObject({ kind: 'aborted', operation: 'uploadBase' });
  });
});
