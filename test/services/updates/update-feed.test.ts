// The update feed end to end, without Electron: electron-updater's own updater
// (DebUpdater, generic provider) with a fake app adapter, against a local HTTP
// server serving a latest-linux.yml this test writes. A good download is
// announced and waits (an agent is signed in); a hash mismatch and a feed out
// of reach are warnings and install nothing.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeDownloadExecutor } from './node-download-executor';
import { DebUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUpdateCoordinator, updateTrust, type UpdaterPort } from '../../../main/services/updates';

const PACKAGE = randomBytes(64 * 1024);
const FILE = 'agent-softphone_9.9.9_amd64.deb';
let server: Server;
let feed: string;
let dir: string;
let advertisedSha512 = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'update-feed-'));
  // electron-builder writes this into a packaged app from electron-builder.yml's publish entry.
  writeFileSync(join(dir, 'app-update.yml'), 'provider: generic\nurl: https://updates.example.invalid/agent-softphone\nupdaterCacheDirName: agent-softphone-updater\n');
  server = createServer((req, res) => {
    if (req.url?.startsWith('/latest-linux.yml')) {
      res.end([
        'version: 9.9.9',
        'files:',
        `  - url: ${FILE}`,
        `    sha512: ${advertisedSha512}`,
        `    size: ${PACKAGE.length}`,
        `path: ${FILE}`,
        `sha512: ${advertisedSha512}`,
        "releaseDate: '2026-11-23T00:00:00.000Z'",
        '',
      ].join('\n'));
    } else if (req.url?.startsWith(`/${FILE}`)) {
      res.writeHead(200, { 'content-length': PACKAGE.length });
      res.end(PACKAGE);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feed = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

function realUpdater(name: string): { updater: UpdaterPort; installs: number } {
  const app: AppAdapter = {
    version: '0.1.0', name: 'agent-softphone', isPackaged: true, appUpdateConfigPath: join(dir, 'app-update.yml'),
    userDataPath: join(dir, name), baseCachePath: join(dir, name, 'cache'),
    whenReady: () => Promise.resolve(), relaunch: () => undefined, quit: () => undefined, onQuit: () => undefined,
  };
  const deb = new DebUpdater(undefined, app);
  deb.logger = null;
  // Electron's net module is not here; Node's HTTP does the same requests.
  Object.assign(deb, { httpExecutor: new NodeDownloadExecutor() });
  const state = { installs: 0 };
  const updater: UpdaterPort = {
    get autoDownload() { return deb.autoDownload; },
    set autoDownload(value) { deb.autoDownload = value; },
    get autoInstallOnAppQuit() { return deb.autoInstallOnAppQuit; },
    set autoInstallOnAppQuit(value) { deb.autoInstallOnAppQuit = value; },
    setFeedURL: (options) => deb.setFeedURL(options),
    checkForUpdates: () => deb.checkForUpdates(),
    quitAndInstall: () => void (state.installs += 1),
    on: (event: string, listener: (arg: never) => void) => deb.on(event as 'error', listener as (error: Error) => void),
  };
  return { updater, get installs() { return state.installs; } };
}

function coordinate(updater: UpdaterPort, feedUrl: string) {
  const told: string[] = [];
  const warnings: string[] = [];
  const coordinator = createUpdateCoordinator({
    updater, settings: () => ({ feedUrl, channel: 'latest' }), trust: () => updateTrust({ platform: 'linux', feedFromPolicy: true, publisherNames: [] }), workUnderWay: async () => null, signedIn: () => true,
    tellAgent: (version) => told.push(version), log: { info: () => undefined, warn: (m) => warnings.push(m) },
  });
  return { coordinator, told, warnings };
}

const until = async (done: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return done();
};

describe('the update feed', () => {
  it('finds the version in latest-linux.yml, downloads it, tells the agent and waits for sign-out or quit', async () => {
    advertisedSha512 = createHash('sha512').update(PACKAGE).digest('base64');
    const real = realUpdater('good');
    const { coordinator, told, warnings } = coordinate(real.updater, feed);
    await coordinator.check();
    expect(await until(() => told.length > 0)).toBe(true);
    expect(told).toEqual(['9.9.9']);
    expect(warnings).toEqual([]);
    expect(real.installs).toBe(0);
  });

  it('a hash mismatch is a warning, and nothing is announced or installed', async () => {
    advertisedSha512 = createHash('sha512').update('something else').digest('base64');
    const real = realUpdater('bad');
    const { coordinator, told, warnings } = coordinate(real.updater, feed);
    await coordinator.check();
    expect(await until(() => warnings.length > 0)).toBe(true);
    expect(warnings.join('\n')).toMatch(/sha512/iu);
    expect(told).toEqual([]);
    expect(real.installs).toBe(0);
  });

  it('a feed out of reach is a warning', async () => {
    const real = realUpdater('unreachable');
    const { coordinator, warnings } = coordinate(real.updater, 'http://127.0.0.1:9/');
    await expect(coordinator.check()).resolves.toBeUndefined();
    expect(await until(() => warnings.length > 0)).toBe(true);
  });
});
