import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { REPO_ROOT } from './lib/spawn-simulator';

// `npm run bench`: every benchmark, one after the other (never in parallel:
// they measure time and memory on a shared 2-core machine), each in its own
// process. JSON result lines go to stdout, tables and notes to stderr.
// Usage: npm run bench [-- name ...]   e.g. npm run bench -- provision

const ORDER = ['upload-base', 'provision'];

/**
 * Benchmarks run more than once, each time with these arguments (none: the
 * bench's defaults). fleet-reconnect's issue-23 cases: the app phone on
 * Kamailio at 1,000 and 2,000, behind a front that accepts TCP while the PBX
 * is away (closing, or answering 503), and with the registrar shedding
 * REGISTERs with 503 + Retry-After; three of each outage.
 */
const RUNS: Record<string, readonly (readonly string[])[]> = {
  'fleet-reconnect': [
    [],
    ['--pbx', 'kamailio', '--variants', 'app', '--agents', '1000,2000', '--outages', '20,60', '--repeat', '3'],
    ['--pbx', 'kamailio', '--variants', 'app', '--agents', '1000', '--outages', '20', '--repeat', '3', '--front', 'close'],
    ['--pbx', 'kamailio', '--variants', 'app', '--agents', '1000', '--outages', '20', '--repeat', '3', '--front', '503'],
    ['--pbx', 'kamailio', '--variants', 'app', '--agents', '1000', '--outages', '20', '--repeat', '3', '--shed', '300', '--retry-after', '3'],
  ],
};

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

function runOnce(name: string, script: string, args: readonly string[]): Promise<number> {
  process.stderr.write(`\n=== bench/${name}${args.length ? ` ${args.join(' ')}` : ''} ===\n`);
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: REPO_ROOT, stdio: 'inherit' });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

/** Every run of one benchmark; the number that failed. */
async function run(name: string, script: string): Promise<number> {
  let failed = 0;
  for (const args of RUNS[name] ?? [[]]) if ((await runOnce(name, script, args)) !== 0) failed += 1;
  return failed;
}

const wanted = process.argv.slice(2);
const all = benchmarks();
const unknown = wanted.filter((name) => !all.has(name));
if (unknown.length > 0) {
  process.stderr.write(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${[...all.keys()].join(', ')}\n`);
  process.exitCode = 4;
} else {
  let failures = 0;
  for (const name of wanted.length > 0 ? wanted : [...all.keys()]) failures += await run(name, all.get(name) ?? '');
  process.exitCode = failures === 0 ? 0 : 1;
}
