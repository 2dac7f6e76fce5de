// Issue 13: @doyensec/electronegativity over the Electron sources (main/,
// preload/, common/), with a checked-in triage. Any finding not triaged fails,
// and so does a triage entry that no longer matches a finding.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

const root = process.cwd();
const triage = z
  .object({ accepted: z.array(z.object({ check: z.string(), file: z.string(), reason: z.string().min(40) })) })
  .parse(JSON.parse(readFileSync(join(root, 'test/security/electronegativity-triage.json'), 'utf8')));

let findings: { check: string; file: string; line: string }[] = [];
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'electronegativity-'));
  const input = join(dir, 'src');
  for (const part of ['main', 'preload', 'common', 'package.json']) cpSync(join(root, part), join(input, part), { recursive: true });
  const electron = (JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
  const bin = join(root, 'node_modules/.bin/electronegativity');
  expect(existsSync(bin)).toBe(true);
  const output = join(dir, 'findings.csv');
  // -e: the Electron version from the installed package (the tool would otherwise ask the network).
  execFileSync(bin, ['-i', input, '-r', '-v', 'false', '-e', electron, '-o', output], { stdio: 'pipe', timeout: 120_000 });
  const rows = parse(readFileSync(output, 'utf8'), { columns: true, trim: true, skip_empty_lines: true }) as Record<string, string>[];
  findings = rows.map((row) => ({ check: row['issue'] ?? '', file: row['filename'] ?? '', line: `${row['filename']}:${row['location']} ${row['sample']}` }));
}, 150_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('electronegativity', () => {
  it('ran over the sources (it reports the known, triaged findings)', () => {
    expect(findings.length).toBeGreaterThan(0);
  });

  it('finds nothing that is not triaged with a reason', () => {
    const untriaged = findings.filter((f) => !triage.accepted.some((t) => t.check === f.check && t.file === f.file));
    expect(untriaged.map((f) => `${f.check} ${f.line}`)).toEqual([]);
  });

  it('keeps no triage entry that matches no finding any more', () => {
    const stale = triage.accepted.filter((t) => !findings.some((f) => f.check === t.check && f.file === t.file));
    expect(stale).toEqual([]);
  });
});
