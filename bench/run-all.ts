import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { REPO_ROOT } from './lib/spawn-simulator';

// `npm run bench`: every benchmark, one after the other (never in parallel:
// they measure time and memory on a shared 2-core machine), each in its own
// process. JSON result lines go to stdout, tables and notes to stderr.
// Usage: npm run bench [-- name ...]   e.g. npm run bench -- provision

const ORDER = ['upload-base', 'provision'];

/** Benchmarks are `bench/<name>.ts` or `bench/<name>/index.ts`; `*-child.ts` files and `lib/` are helpers. */
function benchmarks(): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(new URL('./', import.meta.url), { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('-child.ts') && entry.name !== 'run-all.ts') {
      found.set(entry.name.slice(0, -'.ts'.length), `bench/${entry.name}`);
    } else if (entry.isDirectory() && entry.name !== 'lib' && existsSync(new URL(`./${entry.name}/index.ts`, import.meta.url))) {
      found.set(entry.name, `bench/${entry.name}/index.ts`);
    }
  }
  const names = [...found.keys()];
  const ordered = [...ORDER.filter((name) => found.has(name)), ...names.filter((name) => !ORDER.includes(name)).sort()];
  return new Map(ordered.map((name) => [name, found.get(name) ?? '']));
}

function run(name: string, script: string): Promise<number> {
  process.stderr.write(`\n=== bench/${name} ===\n`);
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: REPO_ROOT, stdio: 'inherit' });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

const wanted = process.argv.slice(2);
const all = benchmarks();
const unknown = wanted.filter((name) => !all.has(name));
if (unknown.length > 0) {
  process.stderr.write(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${[...all.keys()].join(', ')}\n`);
  process.exitCode = 4;
} else {
  let failures = 0;
  for (const name of wanted.length > 0 ? wanted : [...all.keys()]) if ((await run(name, all.get(name) ?? '')) !== 0) failures += 1;
  process.exitCode = failures === 0 ? 0 : 1;
}
