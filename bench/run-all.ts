import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { REPO_ROOT } from './lib/spawn-simulator';

// `npm run bench`: every benchmark, one after the other (never in parallel:
// they measure time and memory on a shared 2-core machine), each in its own
// process. JSON result lines go to stdout, tables and notes to stderr.
// Usage: npm run bench [-- name ...]   e.g. npm run bench -- provision

const ORDER = ['upload-base', 'provision'];

function benchmarks(): string[] {
  const present = readdirSync(new URL('./', import.meta.url))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('-child.ts') && file !== 'run-all.ts')
    .map((file) => file.slice(0, -'.ts'.length));
  return [...ORDER.filter((name) => present.includes(name)), ...present.filter((name) => !ORDER.includes(name)).sort()];
}

function run(name: string): Promise<number> {
  process.stderr.write(`\n=== bench/${name} ===\n`);
  const child = spawn(process.execPath, ['--import', 'tsx', `bench/${name}.ts`], { cwd: REPO_ROOT, stdio: 'inherit' });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

const wanted = process.argv.slice(2);
const all = benchmarks();
const unknown = wanted.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  process.stderr.write(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${all.join(', ')}\n`);
  process.exitCode = 4;
} else {
  let failures = 0;
  for (const name of wanted.length > 0 ? wanted : all) if ((await run(name)) !== 0) failures += 1;
  process.exitCode = failures === 0 ? 0 : 1;
}
