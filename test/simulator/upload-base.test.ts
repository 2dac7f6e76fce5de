// Upload Base: a list streamed as base64 in a form body is stored, counted and
// readable back; content that is not base64 of text is refused.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { operationPaths } from '../../simulator/operations/operation-ids';
import { clientToken, control, simState, simulatorPerFile } from './sim-client';

const env = simulatorPerFile({ withToken: true });

/** A form body whose fileb64 is produced piece by piece, as a streaming client would send it. */
async function* formBody(fields: Record<string, string>, content: Iterable<Buffer>, fileFirst = false): AsyncGenerator<Buffer> {
  const small = new URLSearchParams(fields).toString();
  if (!fileFirst) yield Buffer.from(`${small}&`);
  yield Buffer.from('fileb64=');
  let carry = Buffer.alloc(0);
  for (const piece of content) {
    const all = Buffer.concat([carry, piece]);
    const usable = all.length - (all.length % 3);
    carry = all.subarray(usable);
    yield Buffer.from(encodeURIComponent(all.subarray(0, usable).toString('base64')));
  }
  yield Buffer.from(encodeURIComponent(carry.toString('base64')));
  if (fileFirst) yield Buffer.from(`&${small}`);
}

async function upload(body: AsyncIterable<Buffer>): Promise<string> {
  const res = await fetch(env.sim.baseUrl + operationPaths.uploadBase, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${env.token}` },
    body: Readable.toWeb(Readable.from(body)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  return res.text();
}

const fields = (over: Record<string, string> = {}) => ({ filename: 'deudores.csv', campaign: 'Cobranzas->', cant: '0', username: 'supervisor', ...over });
const textOf = (text: string) => [Buffer.from(text)];

function* bigList(rows: number): Generator<Buffer> {
  yield Buffer.from('telefono;nombre;deuda\r\n');
  for (let start = 0; start < rows; start += 10_000) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(rows, start + 10_000); i++) lines.push(`09${String(i).padStart(7, '0')};Cliente Número ${i};${(i * 37) % 10_000}.50\r\n`);
    yield Buffer.from(lines.join(''));
  }
}

async function listFiles(): Promise<string[]> {
  return readdir(join(env.sim.dataDir, 'lists')).catch(() => []);
}

describe('Upload Base', () => {
  it('streams a multi-MB list to a file, counts its records and keeps cant as sent', async () => {
    const rows = 150_000;
    expect(await upload(formBody(fields({ cant: String(rows) }), bigList(rows)))).toBe('1');
    const [list] = (await simState(env.sim)).lists;
    const expected = Buffer.concat([...bigList(rows)]);
    expect(expected.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(list).toMatchObject({ id: 1, filename: 'deudores.csv', campaign: 'Cobranzas->', cant: rows, lines: rows + 1, records: rows, hasHeader: true, bytes: expected.length });
    expect((await readFile(list!.path)).equals(expected)).toBe(true);
    const content = await fetch(`${env.sim.control.url}/lists/1/content`, { headers: { 'x-sim-secret': env.sim.control.secret } });
    expect(Buffer.from(await content.arrayBuffer()).equals(expected)).toBe(true);
  });

  it('accepts fileb64 before the other fields, a list without header, blank lines and no final newline', async () => {
    const text = '099111222;Ana\n\n  \n099333444;"Bruno\nDíaz"\n;;\n099555666;Carla';
    expect(await upload(formBody(fields({ filename: 'lista.TXT', cant: '3' }), textOf(text), true))).toBe('1');
    const [list] = (await simState(env.sim)).lists;
    expect(list).toMatchObject({ filename: 'lista.TXT', cant: 3, lines: 3, records: 3, hasHeader: false, bytes: Buffer.byteLength(text) });
  });

  it('refuses binary content: a zip/xlsx, NUL bytes, an old Office file, UTF-16', async () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]);
    const withNul = Buffer.from('telefono;nombre\n099111222;Ana\u0000\n');
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00, 0x01]);
    const utf16 = Buffer.from('\ufefftelefono\n', 'utf16le');
    for (const content of [zip, withNul, ole, utf16]) {
      expect(await upload(formBody(fields(), [content]))).toBe('0');
    }
    const state = await simState(env.sim);
    expect(state.lists).toEqual([]);
    expect(state.requests.filter((r) => r.operation === 'uploadBase').map((r) => r.reason)).toEqual([
      expect.stringContaining('zip'), expect.stringContaining('NUL'), expect.stringContaining('Office'), expect.stringContaining('UTF-16'),
    ]);
    expect(await listFiles()).toEqual([]);
  });

  it('refuses text that is not base64 (a + sent unencoded, base64url, bad padding)', async () => {
    const raw = (fileb64: string) => upload((async function* () {
      yield Buffer.from(`${new URLSearchParams(fields()).toString()}&fileb64=${fileb64}`);
    })());
    const b64 = Buffer.from('099111222;Ana>>>?\n').toString('base64'); // contains + or /
    expect(b64).toMatch(/[+/]/);
    expect(await raw(b64)).toBe('0'); // `+` and `/` must be percent-encoded; a bare + is a space
    expect(await raw(encodeURIComponent(b64.replace(/\+/g, '-').replace(/\//g, '_')))).toBe('0');
    expect(await raw(encodeURIComponent('QUJD=RA=='))).toBe('0');
    expect(await raw(encodeURIComponent('QUJDR'))).toBe('0');
    expect(await raw('%ZZ')).toBe('0');
    expect(await raw(encodeURIComponent(b64))).toBe('1');
  });

  it('refuses missing fields, an unknown campaign, another file type, a cant that is not a number, an empty list', async () => {
    const { username: _u, ...noUser } = fields();
    for (const [f, text] of [
      [noUser, 'a\n'], [fields({ campaign: 'Nada->' }), 'a\n'], [fields({ filename: 'lista.xlsx' }), 'a\n'],
      [fields({ cant: 'muchos' }), 'a\n'], [fields(), ''],
    ] as [Record<string, string>, string][]) {
      expect(await upload(formBody(f, textOf(text))), JSON.stringify(f)).toBe('0');
    }
    expect((await simState(env.sim)).lists).toEqual([]);
    expect(await listFiles()).toEqual([]);
  });

  it('leaves no file behind when the client goes away in the middle of a list', async () => {
    const aborter = new AbortController();
    async function* halfBody(): AsyncGenerator<Buffer> {
      yield* formBody(fields(), bigList(5_000));
      aborter.abort();
      await new Promise(() => undefined); // the rest never comes
    }
    const res = fetch(env.sim.baseUrl + operationPaths.uploadBase, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${env.token}` },
      body: Readable.toWeb(Readable.from(halfBody())) as ReadableStream,
      duplex: 'half',
      signal: aborter.signal,
    } as RequestInit);
    await expect(res).rejects.toThrow();
    let logged = false;
    for (let i = 0; i < 100 && !logged; i++) {
      logged = (await simState(env.sim)).requests.some((r) => r.operation === 'uploadBase');
      if (!logged) await new Promise((r) => setTimeout(r, 20));
    }
    expect(logged).toBe(true);
    expect((await simState(env.sim)).lists).toEqual([]);
    expect(await listFiles()).toEqual([]);
  });

  it('answers 0 without a env.token, and reset removes stored lists', async () => {
    env.token = 'bm9wZQ==';
    expect(await upload(formBody(fields(), textOf('099111222\n')))).toBe('0');
    env.token = await clientToken(env.sim);
    expect(await upload(formBody(fields(), textOf('099111222\n')))).toBe('1');
    expect(await listFiles()).toHaveLength(1);
    await control(env.sim, 'POST', '/reset');
    expect(await listFiles()).toEqual([]);
  });
});
