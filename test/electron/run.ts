// `npm run test:electron`: the Electron smoke suite where an Electron binary is
// present; elsewhere one line saying it was skipped and why, and success, so
// that `npm test` stays green on machines that cannot download Electron.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { findElectronBinary } from './electron-binary';

const projectDir = resolve(import.meta.dirname, '../..');
const binary = findElectronBinary(projectDir);
if (!binary.found) {
  console.log(`Electron smoke suite skipped: no Electron binary here (${binary.why}). docs/DEPLOYMENT.md says how to run it before a roll-out.`);
  process.exit(0);
}
console.log(`Electron smoke suite: ${binary.path}`);
const run = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.electron.config.ts'], { cwd: projectDir, stdio: 'inherit', env: { ...process.env, SOFTPHONE_ELECTRON_BINARY: binary.path } });
process.exit(run.status ?? 1);
