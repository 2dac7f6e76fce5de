// The electron-store adapter with a fake store that behaves like electron-store
// on disk: reads JSON at open (throwing on a broken file), writes on assignment.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../common/ipc-contract';
import { createElectronStoreSettingsStorage, SETTINGS_STORE_OPTIONS, type StoreLike } from '../../main/desktop/electron-store-settings';
import { createSettingsService } from '../../main/services/settings';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'estore-test-'));
  file = join(dir, 'settings.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function fakeStore(path: string): StoreLike {
  let data: Record<string, unknown> = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {};
  return {
    get store() {
      return data;
    },
    set store(value) {
      data = value;
      writeFileSync(path, JSON.stringify(value));
    },
  };
}

const storage = () => createElectronStoreSettingsStorage({ open: () => fakeStore(file), filePath: file, now: () => new Date('2026-01-02T03:04:05.000Z') });

describe('settings over electron-store', () => {
  it('saves and reloads', () => {
    createSettingsService(storage()).update({ language: 'en' });
    expect(createSettingsService(storage()).get().language).toBe('en');
  });

  it('sets aside a file electron-store cannot parse and starts from defaults', () => {
    writeFileSync(file, '{broken');
    const service = createSettingsService(storage());
    expect(service.get()).toEqual(DEFAULT_SETTINGS);
    expect(service.loadProblem).toContain('settings.corrupt-2026-01-02T03-04-05-000Z.json');
    expect(readdirSync(dir).sort()).toEqual(['settings.corrupt-2026-01-02T03-04-05-000Z.json', 'settings.json']);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(DEFAULT_SETTINGS);
  });
});

describe('the settings file on disk (electron-store passes these options to conf)', () => {
  it('is written owner-only (0600), as docs/SECURITY.md says', async () => {
    const { default: Conf } = await import('conf');
    const conf = new Conf<Record<string, unknown>>({ cwd: dir, projectName: 'agent-softphone-test', configName: SETTINGS_STORE_OPTIONS.name, configFileMode: SETTINGS_STORE_OPTIONS.configFileMode });
    const storage = createElectronStoreSettingsStorage({ open: () => conf, filePath: conf.path });
    createSettingsService(storage).update({ language: 'en' });
    expect(conf.path).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
