// bench/bundle-breakdown: where the renderer's minified bytes come from, per
// chunk and per part (sip.js, react-dom, zod, i18n tables, our renderer...).
// Builds the app once more with source maps into a temp dir (the shipped build
// has none) and gives each byte of each chunk to the source its mapping names;
// bytes no mapping covers count as "(glue)". The chunks the page loads before
// it registers are what index.html loads and preloads, and one language's table
// (es or en: the one shown).
// Usage: npx tsx bench/bundle-breakdown.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode } from '@jridgewell/sourcemap-codec';
import { emitResult, printTable } from './lib/report';
import { REPO_ROOT } from './lib/spawn-simulator';

/** First match wins: a source path → the part it belongs to. */
const PARTS: readonly (readonly [string, RegExp])[] = [
  ['sip.js', /node_modules\/sip\.js\//],
  ['react-dom', /node_modules\/(react-dom|scheduler)\//],
  ['react', /node_modules\/react\//],
  ['zod', /node_modules\/zod\//],
  ['i18n tables', /common\/i18n\//],
  ['schemas (common/)', /(^|\/)common\//],
  ['supervisor console', /renderer\/src\/supervisor\//],
  ['our renderer', /renderer\//],
  ['other packages', /node_modules\//],
];

const ORDER = ['at start', 'if shown', 'on demand'];

const partOf = (source: string): string => PARTS.find(([, pattern]) => pattern.test(source))?.[0] ?? 'other';

interface SourceMap {
  sources: string[];
  mappings: string;
}

/** Bytes per part in one minified chunk, from its source map. */
function attribute(code: string, map: SourceMap): Map<string, number> {
  const bytes = new Map<string, number>();
  const add = (part: string, n: number): void => void bytes.set(part, (bytes.get(part) ?? 0) + n);
  const lines = code.split('\n');
  decode(map.mappings).forEach((segments, index) => {
    const line = lines[index] ?? '';
    let covered = 0;
    segments.forEach((segment, i) => {
      const end = segments[i + 1]?.[0] ?? line.length;
      const source = segment.length > 1 ? map.sources[segment[1] ?? 0] : undefined;
      add(source === undefined ? '(glue)' : partOf(source), Buffer.byteLength(line.slice(segment[0], end)));
      covered = end;
    });
    add('(glue)', Buffer.byteLength(line.slice(0, segments[0]?.[0] ?? covered)) + 1);
  });
  return bytes;
}

/** The chunks index.html loads at once: its module script and the modulepreload links. */
function startChunks(html: string): Set<string> {
  return new Set([...html.matchAll(/(?:src|href)="\.?\/?assets\/([^"]+\.js)"/g)].map((m) => m[1] ?? ''));
}

const outDir = mkdtempSync(join(tmpdir(), 'bundle-breakdown-'));
try {
  execFileSync('npx', ['electron-vite', 'build', '--sourcemap', '--outDir', outDir, '--logLevel', 'error'], { cwd: REPO_ROOT, stdio: 'inherit' });
  const assets = join(outDir, 'renderer/assets');
  const atStart = startChunks(readFileSync(join(outDir, 'renderer/index.html'), 'utf8'));
  const rows = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) => {
      const code = readFileSync(join(assets, file), 'utf8').replace(/\n\/\/# sourceMappingURL=.*$/, '');
      const map = JSON.parse(readFileSync(join(assets, `${file}.map`), 'utf8')) as SourceMap;
      const total = Buffer.byteLength(code);
      const loaded = atStart.has(file) ? 'at start' : /^(es|en)-[\w-]{8}\.js$/.test(file) ? 'if shown' : 'on demand';
      return [...attribute(code, map)].map(([part, n]) => ({ chunk: file, loaded, part, KiB: Math.round(n / 102.4) / 10, share: Math.round((n / total) * 1000) / 10 }));
    })
    .sort((a, b) => ORDER.indexOf(a.loaded) - ORDER.indexOf(b.loaded) || a.chunk.localeCompare(b.chunk) || b.KiB - a.KiB);
  for (const row of rows) emitResult('bundle-breakdown', { kind: 'part', ...row });
  printTable('bench/bundle-breakdown: minified renderer bytes by chunk and part (share of the chunk, %)', rows);
  const sum = (chunks: readonly { chunk: string; KiB: number }[]): number => Math.round(chunks.reduce((s, r) => s + r.KiB, 0));
  const language = (name: 'es' | 'en'): number => sum(rows.filter((r) => r.chunk.startsWith(`${name}-`)));
  const startKiB = sum(rows.filter((r) => r.loaded === 'at start'));
  const totals = { kind: 'totals', atStartKiB: startKiB, withSpanishKiB: startKiB + language('es'), withEnglishKiB: startKiB + language('en'), allKiB: sum(rows) };
  emitResult('bundle-breakdown', totals);
  process.stderr.write(`loaded before registering: ${totals.withSpanishKiB} KiB in Spanish, ${totals.withEnglishKiB} KiB in English (${startKiB} KiB + the table); the whole build ${totals.allKiB} KiB\n`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
