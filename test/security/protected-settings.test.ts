// Issue 21, point 2: `settings.update` accepted `updateFeedUrl` and
// `formUrlTemplate` from the page, so a compromised page could point updates
// at its own feed (and get its code installed at the next quit) or make main
// open its addresses. Now the update feed and channel are IT's (policy file,
// or the settings file on the computer) and never change by a bridge request;
// the form address and the CA file change only after main's own
// confirmation (a native dialog in Electron) and, in the browser host, which
// has no window of its own, never from the page. An update installs only
// where a check that does not depend on the feed runs (update-trust.ts).
import { writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { verifySignature } from 'electron-updater/out/windowsExecutableCodeSignatureVerifier.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../main/browser-host';
import { ensureRendererBuilt } from '../../main/browser-host/ensure-renderer';
import { settingChangePrompt } from '../../main/desktop/setting-confirmation';
import { createRequestHandlers } from '../../main/ipc';
import type { SettingChange } from '../../main/ipc/setting-guard';
import { createUpdateCoordinator, failClosed, publisherNamesOf, updateTrust, type UpdaterPort, type UpdateTrust } from '../../main/services/updates';
import { hostilePage, type HostilePage } from './support/hostile-page';

let host: BrowserHost;
let dir: string;
let page: HostilePage;
let instance: Server;
let instanceRequests = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'protected-settings-'));
  host = await startBrowserHost({ rendererDir: ensureRendererBuilt(resolve(import.meta.dirname, '../..')), dataDir: join(dir, 'data') });
  page = await hostilePage(host);
  // An instance that counts what reaches it: a refused sign-in must send nothing.
  instance = createServer((_request, response) => {
    instanceRequests += 1;
    response.end('0');
  });
  await new Promise<void>((done) => instance.listen(0, '127.0.0.1', done));
}, 180_000);
afterAll(async () => {
  page?.close();
  await host?.close();
  await new Promise((done) => instance?.close(done));
  rmSync(dir, { recursive: true, force: true });
});

describe('a compromised page in the browser host', () => {
  it.each([
    [{ updateFeedUrl: 'https://evil.example/feed/' }, 'settings.err.itOnly'],
    [{ updateChannel: 'evil' }, 'settings.err.itOnly'],
    [{ formUrlTemplate: 'https://evil.example/{form}' }, 'settings.err.setAtStart'],
    [{ caFile: '/tmp/attacker-ca.pem' }, 'settings.err.setAtStart'],
  ])('cannot change %j', async (patch, key) => {
    const before = host.services.settings.get();
    const result = await page.request('settings.update', { patch });
    expect(result.ok).toBe(false);
    expect(result.error?.say?.key).toBe(key);
    expect(host.services.settings.get()).toEqual(before);
  });

  it('may still change what only the page itself uses, and send a protected value back unchanged', async () => {
    const current = host.services.settings.get();
    const result = await page.request('settings.update', { patch: { ringerVolume: 55, updateFeedUrl: current.updateFeedUrl, formUrlTemplate: current.formUrlTemplate } });
    expect(result.ok).toBe(true);
    expect(host.services.settings.get().ringerVolume).toBe(55);
  });

  it('cannot name a CA file for a sign-in: refused before anything reaches the instance', async () => {
    const instanceUrl = `http://127.0.0.1:${(instance.address() as AddressInfo).port}`;
    const result = await page.request('session.signIn', { instanceUrl, agent: 'ana.garcia', password: 'x', remember: false, caFile: '/tmp/attacker-ca.pem', language: 'en' });
    expect(result.ok).toBe(false);
    expect(result.error?.say?.key).toBe('settings.err.setAtStart');
    expect(instanceRequests).toBe(0);
  });
});

describe('the desktop app: main asks in its own dialog first', () => {
  const withConfirm = (answer: boolean) => {
    const asked: SettingChange[] = [];
    const handlers = createRequestHandlers({ ...host.services, confirmSettingChange: async (change) => (asked.push(change), answer) });
    return { handlers, asked };
  };

  it('never changes the update feed, even if the person would say yes', async () => {
    const { handlers, asked } = withConfirm(true);
    await expect(handlers['settings.update']({ patch: { updateFeedUrl: 'https://evil.example/feed/' } })).rejects.toThrow(/only IT sets it/u);
    expect(asked).toEqual([]);
    expect(host.services.settings.get().updateFeedUrl).toBe('');
  });

  it('changes the form address only when the person confirms it', async () => {
    const no = withConfirm(false);
    await expect(no.handlers['settings.update']({ patch: { formUrlTemplate: 'https://crm.example.com/f/{form}' } })).rejects.toThrow(/not confirmed/u);
    expect(no.asked).toEqual([{ key: 'formUrlTemplate', from: '', to: 'https://crm.example.com/f/{form}' }]);
    expect(host.services.settings.get().formUrlTemplate).toBe('');
    const yes = withConfirm(true);
    await yes.handlers['settings.update']({ patch: { formUrlTemplate: 'https://crm.example.com/f/{form}' } });
    expect(host.services.settings.get().formUrlTemplate).toBe('https://crm.example.com/f/{form}');
    // Clearing it takes trust away: no question.
    const clear = withConfirm(false);
    await clear.handlers['settings.update']({ patch: { formUrlTemplate: '' } });
    expect(clear.asked).toEqual([]);
  });

  it('the dialog says what would change, and Cancel is the default and what Escape does', () => {
    const prompt = settingChangePrompt('en', { key: 'caFile', from: '', to: '/home/ana/ca.pem' }, 'CN=Evil Root');
    expect(prompt.detail).toContain('/home/ana/ca.pem');
    expect(prompt.detail).toContain('CN=Evil Root');
    expect(prompt.buttons?.[prompt.defaultId ?? -1]).toBe('Cancel');
    expect(prompt.cancelId).toBe(prompt.defaultId);
  });
});

describe('an update installs only where a check that does not depend on the feed runs', () => {
  function coordinator(trust: UpdateTrust) {
    const calls = { feeds: 0, checks: 0 };
    const warnings: string[] = [];
    const updater: UpdaterPort = {
      autoDownload: false, autoInstallOnAppQuit: false,
      setFeedURL: () => void (calls.feeds += 1),
      checkForUpdates: async () => (calls.checks += 1, null),
      quitAndInstall: () => undefined,
      on: () => undefined,
    };
    const updates = createUpdateCoordinator({
      updater, trust: () => trust, settings: () => ({ feedUrl: 'https://updates.example.com/softphone/', channel: 'latest' }),
      workUnderWay: async () => null, signedIn: () => false, tellAgent: () => undefined, log: { info: () => undefined, warn: (m) => warnings.push(m) },
    });
    return { updates, calls, warnings };
  }

  it.each([
    ['Linux, feed from the user settings', updateTrust({ platform: 'linux', feedFromPolicy: false, publisherNames: [] })],
    ['Windows, a build with no code-signing publisher', updateTrust({ platform: 'win32', feedFromPolicy: true, publisherNames: [] })],
  ])('%s: updates stay off, and the log says why', async (_case, trust) => {
    const { updates, calls, warnings } = coordinator(trust);
    await updates.check();
    expect(calls).toEqual({ feeds: 0, checks: 0 });
    expect(warnings.join()).toMatch(/Updates are off/u);
  });

  it('Linux with IT\'s feed, Windows with a publisher, and macOS check the feed', async () => {
    for (const trust of [
      updateTrust({ platform: 'linux', feedFromPolicy: true, publisherNames: [] }),
      updateTrust({ platform: 'win32', feedFromPolicy: false, publisherNames: ['CN=Agent Softphone Authors'] }),
      updateTrust({ platform: 'darwin', feedFromPolicy: false, publisherNames: [] }),
    ]) {
      const { updates, calls } = coordinator(trust);
      await updates.check();
      expect(calls).toEqual({ feeds: 1, checks: 1 });
    }
  });

  it('reads publisherName from app-update.yml as electron-builder writes it', () => {
    expect(publisherNamesOf('provider: generic\nurl: https://x\n')).toEqual([]);
    expect(publisherNamesOf('provider: generic\npublisherName:\n  - Agent Softphone Authors\n  - "CN=Other, O=Org"\nupdaterCacheDirName: x\n')).toEqual(['Agent Softphone Authors', 'CN=Other, O=Org']);
    expect(publisherNamesOf("publisherName: 'Agent Softphone Authors'\n")).toEqual(['Agent Softphone Authors']);
  });

  it("an installer whose signature could not be checked is refused (electron-updater's own check passes it when PowerShell cannot run)", async () => {
    const installer = join(dir, 'Agent Softphone Setup 9.9.9.exe');
    writeFileSync(installer, 'MZ not signed by anyone');
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    // The hole: no PowerShell here (as on a floor where AppLocker blocks it) → "Ignoring signature validation" → null = valid.
    expect(await verifySignature(['CN=Agent Softphone Authors'], installer, quiet)).toBeNull();
    const checked = failClosed(verifySignature, () => undefined);
    expect(await checked(['CN=Agent Softphone Authors'], installer)).toMatch(/could not be checked/u);
    expect(await checked([], installer)).toMatch(/no code-signing publisher/u);
  });
});
