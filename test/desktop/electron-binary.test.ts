// Where the Electron smoke suite finds its binary, and why it skips when there is none.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findElectronBinary } from '../electron/electron-binary';

let project: string;
beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'electron-binary-'));
  mkdirSync(join(project, 'node_modules/electron'), { recursive: true });
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('findElectronBinary', () => {
  it('says why when the package came without its binary', () => {
    const found = findElectronBinary(project, {});
    expect(found).toEqual({ found: false, why: expect.stringMatching(/without its binary/u) });
  });

  it('takes ELECTRON_OVERRIDE_DIST_PATH, and says when that folder holds none', () => {
    const dist = join(project, 'custom');
    expect(findElectronBinary(project, { ELECTRON_OVERRIDE_DIST_PATH: dist })).toEqual({ found: false, why: expect.stringMatching(/holds no electron/u) });
    mkdirSync(dist);
    writeFileSync(join(dist, 'electron'), '');
    chmodSync(join(dist, 'electron'), 0o755);
    expect(findElectronBinary(project, { ELECTRON_OVERRIDE_DIST_PATH: dist })).toEqual({ found: true, path: join(dist, 'electron') });
  });

  it("finds the electron package's downloaded binary", () => {
    writeFileSync(join(project, 'node_modules/electron/path.txt'), 'electron');
    mkdirSync(join(project, 'node_modules/electron/dist'), { recursive: true });
    writeFileSync(join(project, 'node_modules/electron/dist/electron'), '');
    expect(findElectronBinary(project, {})).toEqual({ found: true, path: join(project, 'node_modules/electron/dist/electron') });
  });
});
