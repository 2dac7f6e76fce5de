// Issue 13, point 3: one malformed WebSocket frame ended the browser host
// ("Unhandled 'error' event"). Each bad frame kind now closes only that socket;
// the host and the simulator's SIP endpoint keep serving.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBrowserHost, type BrowserHost } from '../../main/browser-host';
import { ensureRendererBuilt } from '../../main/browser-host/ensure-renderer';
import { startSimulator, type Simulator } from '../../simulator/index';
import { createSipExtension } from '../../simulator/sip/sip-extension';
import { BAD_FRAME_KINDS, rawHandshake, sendBadFrame } from './support/raw-websocket';
import { bridgeSecretOf } from '../support/bridge-secret';

let host: BrowserHost;
let sim: Simulator;
let dataDir: string;
let secret: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'malformed-frames-'));
  host = await startBrowserHost({ rendererDir: ensureRendererBuilt(resolve(import.meta.dirname, '../..')), dataDir });
  secret = await bridgeSecretOf(host);
  sim = await startSimulator({ port: 0, extensions: [createSipExtension()] });
}, 180_000);
afterAll(async () => {
  await host?.close();
  await sim?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A well-behaved page asks the host for the session and gets an answer. */
function hostAnswers(): Promise<unknown> {
  return new Promise((done, fail) => {
    const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?secret=${secret}`, { origin: host.origin });
    socket.once('open', () => socket.send(JSON.stringify({ type: 'request', id: 1, channel: 'session.get', payload: {} })));
    socket.once('message', (data) => {
      socket.close();
      done(JSON.parse(data.toString()));
    });
    socket.once('error', fail);
  });
}

/** A SIP client can still open a connection to the simulator and get an answer to OPTIONS-less keep-alive. */
function simulatorAnswers(url: string): Promise<string> {
  return new Promise((done, fail) => {
    const socket = new WebSocket(url, 'sip');
    socket.once('open', () => socket.send('\r\n\r\n'));
    socket.once('message', (data) => {
      socket.close();
      done(data.toString());
    });
    socket.once('error', fail);
  });
}

describe('a malformed frame closes only its socket', () => {
  it.each(BAD_FRAME_KINDS)('browser host bridge: %s', async (kind) => {
    const raw = await rawHandshake(host.port, `/bridge?secret=${secret}`, { Origin: host.origin });
    await sendBadFrame(raw, kind);
    expect(await hostAnswers()).toMatchObject({ type: 'reply', id: 1, result: { ok: true } });
  });

  it.each(BAD_FRAME_KINDS)('simulator SIP endpoint: %s', async (kind) => {
    const url = new URL((sim.ready.sip as { ws: string }).ws);
    const raw = await rawHandshake(Number(url.port), url.pathname, { 'Sec-WebSocket-Protocol': 'sip' });
    await sendBadFrame(raw, kind);
    expect(await simulatorAnswers(url.href)).toBe('\r\n');
  });
});
