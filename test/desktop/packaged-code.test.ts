// Issue 13, point 9: the packaged app carries no simulator code and no
// simulator-only package. The Electron entry's import graph (main/index.ts and
// the preload, read from source, no build needed) reaches neither simulator/
// nor werift/node-forge, and those packages are devDependencies, which
// electron-builder leaves out of the app.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const SIMULATOR_ONLY = ['werift', 'node-forge'];

/** Every source file and package the entry reaches through static and dynamic imports. */
function importGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [resolve(root, entry)];
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (files.has(file)) continue;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|^import\s+'([^']+)'/gmu)) {
      const spec = match[1] ?? match[2] ?? match[3] ?? '';
      if (spec.startsWith('.')) {
        const base = resolve(dirname(file), spec);
        const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find((candidate) => existsSync(candidate) && candidate.match(/\.tsx?$/u));
        if (found) queue.push(found);
      } else if (!spec.startsWith('node:')) {
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? spec));
      }
    }
  }
  return { files, packages };
}

describe('the packaged app', () => {
  const graphs = ['main/index.ts', 'preload/index.ts'].filter((entry) => existsSync(join(root, entry))).map(importGraph);
  const files = graphs.flatMap((graph) => [...graph.files].map((file) => relative(root, file)));
  const packages = new Set(graphs.flatMap((graph) => [...graph.packages]));

  it('reaches a real import graph (the walk itself works)', () => {
    expect(files).toContain('main/index.ts');
    expect(files.some((file) => file.startsWith('main/services/session/'))).toBe(true);
    expect(packages.has('electron')).toBe(true);
  });

  it('imports nothing from simulator/', () => {
    expect(files.filter((file) => file.startsWith('simulator/'))).toEqual([]);
  });

  it('uses no simulator-only package, and those are devDependencies', () => {
    for (const name of SIMULATOR_ONLY) {
      expect(packages.has(name)).toBe(false);
      expect(pkg.dependencies[name]).toBeUndefined();
      expect(pkg.devDependencies[name]).toBeDefined();
    }
  });

  it('declares every package the app imports as a dependency (electron-builder ships only those)', () => {
    const declared = new Set(Object.keys(pkg.dependencies));
    const missing = [...packages].filter((name) => name !== 'electron' && !declared.has(name));
    expect(missing).toEqual([]);
  });
});
