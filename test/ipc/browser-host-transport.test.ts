// The browser host's transport: the bridge socket demands the per-launch
// secret and our page's origin; the static server serves only the built
// renderer, with the CSP header.
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CONTENT_SECURITY_POLICY } from '../../common/content-security-policy';
import { startBrowserHost, type BrowserHost } from '../../main/browser-host';
import { ensureRendererBuilt } from '../../main/browser-host/ensure-renderer';
import { bridgeSecretOf, codeOf } from '../support/bridge-secret';

let host: BrowserHost;
let dataDir: string;
let secret: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'host-transport-'));
  host = await startBrowserHost({ rendererDir: ensureRendererBuilt(resolve(import.meta.dirname, '../..')), dataDir });
  secret = await bridgeSecretOf(host);
}, 180_000);
afterAll(async () => {
  await host?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function connect(query: string, origin: string | undefined): Promise<WebSocket> {
  return new Promise((resolveOpen, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge${query}`, origin ? { origin } : {});
    socket.once('open', () => resolveOpen(socket));
    socket.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    socket.once('error', reject);
  });
}

function ask(socket: WebSocket, frame: unknown): Promise<unknown> {
  return new Promise((resolveReply) => {
    socket.once('message', (data) => resolveReply(JSON.parse(data.toString())));
    socket.send(JSON.stringify(frame));
  });
}

describe('bridge socket', () => {
  it('answers contract requests with the secret from our origin', async () => {
    const socket = await connect(`?secret=${secret}`, host.origin);
    const reply = await ask(socket, { type: 'request', id: 7, channel: 'session.get', payload: {} });
    expect(reply).toMatchObject({ type: 'reply', id: 7, result: { ok: true, value: { state: 'signed-out' } } });
    const bad = await ask(socket, { type: 'request', id: 8, channel: 'session.signIn', payload: { agent: '' } });
    expect(bad).toMatchObject({ type: 'reply', id: 8, result: { ok: false, error: { code: 'invalid-request' } } });
    socket.close();
  });

  it.each([
    ['a wrong secret', () => `?secret=${'0'.repeat(48)}`, () => host.origin],
    ['no secret', () => '', () => host.origin],
    ['another origin', () => `?secret=${secret}`, () => 'http://evil.example'],
    ['no origin', () => `?secret=${secret}`, () => undefined],
  ])('refuses %s with 403', async (_case, query, origin) => {
    await expect(connect(query(), origin())).rejects.toThrow('HTTP 403');
  });

  it('takes a one-time code once: the page gets the secret, a second use is refused', async () => {
    const code = codeOf(host);
    // The listener is set before the socket opens: the welcome can arrive in the same packet as the handshake.
    const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?code=${code}`, { origin: host.origin });
    const welcome = await new Promise<unknown>((done) => socket.once('message', (data) => done(JSON.parse(data.toString()))));
    expect(welcome).toEqual({ type: 'welcome', secret });
    socket.close();
    await expect(connect(`?code=${code}`, host.origin)).rejects.toThrow('HTTP 403');
    await expect(connect(`?code=${'0'.repeat(48)}`, host.origin)).rejects.toThrow('HTTP 403');
  });

  it('serves one page at a time: a newer page replaces the older one', async () => {
    const older = await connect(`?secret=${secret}`, host.origin);
    const closed = new Promise<number>((done) => older.once('close', (code) => done(code)));
    const newer = await connect(`?secret=${secret}`, host.origin);
    expect(await closed).toBe(4001);
    await expect.poll(() => host.pages()).toBe(1);
    newer.close();
  });

  it('puts no secret in the page address', () => {
    expect(host.url).not.toContain(secret);
    expect(host.url).toMatch(/#code=[0-9a-f]{48}$/u);
  });
});

describe('static files', () => {
  it('serves the page with the CSP and no-sniff headers', async () => {
    const response = await fetch(`${host.origin}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store'); // it names this build's chunks
    expect(await response.text()).toContain('<div id="root">');
  });

  it.each(['/../package.json', '/%2e%2e/package.json', '/..%2f..%2fetc/passwd', '/nope.js'])('answers 404 for %s', async (path) => {
    const response = await fetch(`${host.origin}${path}`);
    expect(response.status).toBe(404);
  });

  it('answers 421 to a Host that is not ours (DNS rebinding)', async () => {
    const status = await new Promise<number>((done, fail) => {
      const request = httpRequest({ host: '127.0.0.1', port: host.port, path: '/', headers: { Host: `evil.example:${host.port}` } }, (response) => {
        response.resume();
        done(response.statusCode ?? 0);
      });
      request.once('error', fail);
      request.end();
    });
    expect(status).toBe(421);
  });

  it('refuses methods other than GET/HEAD', async () => {
    expect((await fetch(`${host.origin}/`, { method: 'POST' })).status).toBe(405);
  });
});
