// The browser host's second launch: a later launch with a link hands its argv
// to the running host (instance file 0600 + hand-over secret), which feeds the
// dial-link router; anything else at that path is refused.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBrowserHost, type BrowserHost } from '../../main/browser-host';
import { ensureRendererBuilt } from '../../main/browser-host/ensure-renderer';
import { handOverToRunningHost, instanceFilePath, SECOND_LAUNCH_PATH } from '../../main/browser-host/second-launch';
import { bridgeSecretOf } from '../support/bridge-secret';

let host: BrowserHost;
let dataDir: string;
let closed = false;
let page: WebSocket;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'second-launch-'));
  host = await startBrowserHost({ rendererDir: ensureRendererBuilt(resolve(import.meta.dirname, '../..')), dataDir });
  // A page on the bridge, which reports its phone (links are delivered from then on).
  page = await openPage();
  page.send(JSON.stringify({ type: 'request', id: 1, channel: 'workstation.phoneStatus', payload: { registration: 'unregistered', call: null } }));
  await new Promise((resolveReply) => page.once('message', resolveReply));
}, 180_000);
afterAll(async () => {
  page?.close();
  if (!closed) await host?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function openPage(): Promise<WebSocket> {
  const secret = await bridgeSecretOf(host);
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?secret=${secret}`, { origin: host.origin });
  await new Promise((resolveOpen, reject) => socket.once('open', resolveOpen).once('error', reject));
  return socket;
}

const post = (headers: Record<string, string>, body: string) =>
  fetch(`http://127.0.0.1:${host.port}${SECOND_LAUNCH_PATH}`, { method: 'POST', headers, body });
const instance = () => JSON.parse(readFileSync(instanceFilePath(dataDir), 'utf8')) as { port: number; secret: string };

describe('second launch of the browser host', () => {
  it('leaves an instance file readable by the user only, with a secret that is not the page’s', () => {
    expect(statSync(instanceFilePath(dataDir)).mode & 0o777).toBe(0o600);
    expect(instance().port).toBe(host.port);
    expect(host.url).not.toContain(instance().secret);
  });

  it('hands a later launch’s link to the running host, which pushes it to the page', async () => {
    const event = new Promise<unknown>((resolveEvent) => page.once('message', (data) => resolveEvent(JSON.parse(data.toString()))));
    expect(await handOverToRunningHost(dataDir, ['/usr/bin/agent-softphone', 'tel:+598 99 123 456'])).toBe('handed-over');
    expect(await event).toMatchObject({ type: 'event', event: 'workstation.dialLink', payload: { kind: 'dial', number: '+59899123456' } });
  });

  it.each([
    ['no secret', {}, '{"argv":[]}', 403],
    ['a wrong secret', { 'x-instance-secret': 'f'.repeat(48) }, '{"argv":[]}', 403],
    ['a browser page (Origin sent)', { origin: 'http://evil.example' }, '{"argv":[]}', 403],
    ['a body that is not JSON', {}, 'tel:1234', 400],
    ['a body of the wrong shape', {}, '{"argv":"tel:1234"}', 400],
  ] as [string, Record<string, string>, string, number][])('refuses %s', async (_what, headers, body, status) => {
    const withSecret: Record<string, string> = status === 400 || 'origin' in headers ? { 'x-instance-secret': instance().secret } : {};
    const response = await post({ 'content-type': 'application/json', ...withSecret, ...headers }, body);
    expect(response.status).toBe(status);
  });

  it('holds a link while no page is connected (reload) and gives it to the next page once it reports', async () => {
    page.close();
    await new Promise((resolveClosed) => page.once('close', resolveClosed));
    await expect.poll(() => host.pages()).toBe(0);
    expect(host.secondInstance(['/usr/bin/agent-softphone', 'tel:0800-1234'])?.kind).toBe('dial');
    page = await openPage();
    const event = new Promise<unknown>((resolveEvent) =>
      page.on('message', (data) => {
        // Only the link: another event (connectivity) may come first on a busy machine.
        const frame = JSON.parse(data.toString()) as { type: string; event?: string };
        if (frame.type === 'event' && frame.event === 'workstation.dialLink') resolveEvent(frame);
      }),
    );
    page.send(JSON.stringify({ type: 'request', id: 2, channel: 'workstation.phoneStatus', payload: { registration: 'unregistered', call: null } }));
    expect(await event).toMatchObject({ event: 'workstation.dialLink', payload: { number: '08001234' } });
  });

  it('finds no running host once it is closed (the file is removed)', async () => {
    const other = mkdtempSync(join(tmpdir(), 'second-launch-none-'));
    expect(await handOverToRunningHost(other, ['/usr/bin/agent-softphone', 'tel:1234'])).toBe('no-running-host');
    rmSync(other, { recursive: true, force: true });
    await host.close();
    closed = true;
    expect(existsSync(instanceFilePath(dataDir))).toBe(false);
  });
});
