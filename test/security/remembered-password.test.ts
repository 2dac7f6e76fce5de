// Issue 13, points 2 and 8: a remembered password goes only to the instance it
// was kept for, and an http:// instance off this machine is refused before
// anything is sent.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IpcFailure, type SignInRequest } from '../../common/ipc-contract';
import { createIntegraSessionApi, createSessionService, instanceOrigin, VAULT_KEYS } from '../../main/services/session';
import { createJsonFileSettingsStorage, createSettingsService } from '../../main/services/settings';
import { createMemoryVault } from '../../main/services/vault';
import { startSimulator, type Simulator } from '../../simulator/index';

let sim: Simulator;
let dir: string;
let other: Server;
let otherUrl: string;
const arrived: string[] = [];

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  dir = mkdtempSync(join(tmpdir(), 'remembered-password-'));
  // A second origin that records whatever reaches it.
  other = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      arrived.push(`${req.method} ${req.url} ${body}`);
      res.end('0');
    });
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await sim?.close();
  await new Promise((resolve) => other?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

function service() {
  const settings = createSettingsService(createJsonFileSettingsStorage(join(dir, `settings-${Math.random()}.json`)));
  const vault = createMemoryVault('browser-mode');
  return { vault, session: createSessionService({ settings, vault, createApi: createIntegraSessionApi }) };
}

const agent = () => sim.ready.credentials.agents[0]!;
const request = (patch: Partial<SignInRequest>): SignInRequest =>
  ({ instanceUrl: sim.baseUrl, agent: agent().agent, password: '', remember: false, language: 'en', ...patch }) as SignInRequest;

async function failure(promise: Promise<unknown>): Promise<IpcFailure> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(IpcFailure);
  return error as IpcFailure;
}

describe('the remembered password', () => {
  it('is sent to the instance it was kept for', async () => {
    const { vault, session } = service();
    vault.set(VAULT_KEYS.password(instanceOrigin(sim.baseUrl), agent().agent), agent().password, false);
    const view = await session.signIn(request({}));
    expect(view.state).toBe('signed-in');
    await session.signOut({});
  });

  it('is never sent to another origin: the sign-in asks for the password and nothing arrives there', async () => {
    const { vault, session } = service();
    vault.set(VAULT_KEYS.password(instanceOrigin(sim.baseUrl), agent().agent), agent().password, false);
    const refused = await failure(session.signIn(request({ instanceUrl: otherUrl })));
    expect(refused.detail.say?.key).toBe('session.err.noPassword');
    expect(arrived).toEqual([]);
  });
});

describe('an http:// instance', () => {
  it.each(['http://pbx.example.com', 'http://10.0.0.5:8080', 'http://[fe80::1]'])('off this machine is refused before anything is sent: %s', async (instanceUrl) => {
    const { session } = service();
    const refused = await failure(session.signIn(request({ instanceUrl, password: 'typed' })));
    expect(refused.detail.say?.key).toBe('session.err.insecureInstance');
    expect(refused.detail.message).not.toContain('typed');
  });

  it.each(['ftp://pbx.example.com', 'not a url', 'javascript:alert(1)'])('that is not a web address is refused: %s', async (instanceUrl) => {
    const { session } = service();
    expect((await failure(session.signIn(request({ instanceUrl, password: 'typed' })))).detail.say?.key).toBe('session.err.badInstance');
  });

  it.each(['http://127.0.0.1:9', 'http://localhost:9', 'http://[::1]:9', 'https://pbx.example.com'])('is accepted on loopback, and https anywhere: %s', (url) => {
    expect(instanceOrigin(url)).toBe(new URL(url).origin);
  });
});
