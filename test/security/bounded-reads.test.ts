// Issue 13, point 4: what main reads from outside is bounded. A device as the
// CA file is refused without reading it; an answer without Content-Length is
// counted while it streams and cut at the cap with a typed error.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync, utimesSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CA_FILE_BYTES, readCaFile, UnexpectedResponseError } from '../../main/api';
import { createTransport } from '../../main/api/http-transport';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bounded-reads-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the CA file', () => {
  it.each(['/dev/zero', '/dev/urandom', '/proc/self'])('%s is refused without being read', (path) => {
    expect(readCaFile(path)).toEqual({ ok: false, problem: 'not-a-file' });
  });

  it('a file over 64 KB is refused', () => {
    const path = join(dir, 'big.pem');
    writeFileSync(path, PEM + 'x'.repeat(MAX_CA_FILE_BYTES));
    expect(readCaFile(path)).toEqual({ ok: false, problem: 'too-large' });
  });

  it('a PEM is read once, and again when it changes', () => {
    const path = join(dir, 'ca.pem');
    writeFileSync(path, PEM);
    const first = readCaFile(path);
    expect(first).toEqual({ ok: true, pem: PEM });
    expect(readCaFile(path)).toBe(first); // the cached read, not a new one
    writeFileSync(path, `${PEM}${PEM}`);
    utimesSync(path, new Date(), new Date(Date.now() + 5000));
    expect(readCaFile(path)).toEqual({ ok: true, pem: `${PEM}${PEM}` });
  });

  it('a missing file and a file without a certificate say why', () => {
    expect(readCaFile(join(dir, 'none.pem'))).toEqual({ ok: false, problem: 'unreadable', code: 'ENOENT' });
    writeFileSync(join(dir, 'text.pem'), 'hello');
    expect(readCaFile(join(dir, 'text.pem'))).toEqual({ ok: false, problem: 'not-pem' });
  });
});

describe('an answer without Content-Length', () => {
  let server: Server;
  let baseUrl: string;
  let sentBytes = 0;
  beforeAll(async () => {
    // Streams up to 500 MB of chunks, stopping when the client goes away.
    server = createServer((_req, res) => {
      const chunk = Buffer.alloc(1024 * 1024, 0x31);
      res.writeHead(200, { 'content-type': 'text/plain' });
      const pump = () => {
        while (sentBytes < 500 * 1024 * 1024 && !res.destroyed) {
          sentBytes += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => res.destroy());
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('is cut at the cap with a typed "too large" error, without reading it whole', async () => {
    const transport = createTransport({ baseUrl });
    const before = process.memoryUsage().rss;
    const error = await transport
      .send({ operation: 'getCampaigns', path: '/Integra/resources/Campaigns/GetCampaigns', body: '', timeoutMs: 60_000, secrets: [] })
      .then(() => null, (e: unknown) => e);
    const grown = process.memoryUsage().rss - before;
    await transport.close();
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as UnexpectedResponseError).what).toMatch(/too large/u);
    // The old read kept all 500 MB (603 MB peak); the cap is 64 MB.
    expect(grown).toBeLessThan(250 * 1024 * 1024);
    expect(sentBytes).toBeLessThan(500 * 1024 * 1024);
  });
});
