// Where the Electron binary is, if anywhere: ELECTRON_OVERRIDE_DIST_PATH (a
// folder holding it, as the electron package reads it), else the one the
// electron package downloaded (node_modules/electron/path.txt).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type ElectronBinary = { found: true; path: string } | { found: false; why: string };

export function findElectronBinary(projectDir: string, env: NodeJS.ProcessEnv = process.env): ElectronBinary {
  const pathFile = join(projectDir, 'node_modules/electron/path.txt');
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : process.platform === 'win32' ? 'electron.exe' : 'electron';
  const override = env['ELECTRON_OVERRIDE_DIST_PATH'];
  if (override) {
    const path = join(override, name);
    return existsSync(path) ? { found: true, path } : { found: false, why: `ELECTRON_OVERRIDE_DIST_PATH=${override} holds no ${name}` };
  }
  const path = join(projectDir, 'node_modules/electron/dist', name);
  if (existsSync(pathFile) && existsSync(path)) return { found: true, path };
  return { found: false, why: 'the electron package was installed without its binary (ELECTRON_SKIP_BINARY_DOWNLOAD=1) and ELECTRON_OVERRIDE_DIST_PATH is not set' };
}
