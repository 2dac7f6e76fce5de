// Builds the renderer when out/renderer is missing or older than its sources,
// so `npm start` works on a fresh clone and E2E tests never run a stale page.
// A lock directory keeps parallel callers (test files) from building twice.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const SOURCE_DIRS = ['renderer', 'common'];

export function ensureRendererBuilt(projectDir: string, log: (line: string) => void = () => undefined): string {
  const rendererDir = resolve(projectDir, 'out/renderer');
  if (isFresh(projectDir, rendererDir)) return rendererDir;
  const lock = resolve(projectDir, 'out/.renderer-build.lock');
  mkdirSync(resolve(projectDir, 'out'), { recursive: true });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`Waited 3 minutes for another renderer build (lock ${lock}); remove the lock if no build is running.`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
  try {
    if (isFresh(projectDir, rendererDir)) return rendererDir;
    log('Building the renderer (out/renderer is missing or older than its sources)…');
    const bin = resolve(projectDir, 'node_modules/.bin/electron-vite');
    const result = spawnSync(bin, ['build'], { cwd: projectDir, encoding: 'utf8', timeout: 170_000 });
    if (result.status !== 0) {
      throw new Error(`Building the renderer failed (electron-vite build exit ${result.status ?? result.signal}):\n${(result.stderr || result.stdout).slice(-2000)}`);
    }
    return rendererDir;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function isFresh(projectDir: string, rendererDir: string): boolean {
  const index = join(rendererDir, 'index.html');
  if (!existsSync(index)) return false;
  const built = statSync(index).mtimeMs;
  return SOURCE_DIRS.every((dir) => newestMtime(resolve(projectDir, dir)) <= built);
}

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}
