// Issue 13: @doyensec/electronegativity over the Electron sources (main/,
// preload/, common/), with a checked-in triage. Any finding not triaged fails,
// and so does a triage entry that no longer matches a finding. The findings are
// read as SARIF: the tool writes its CSV header and rows in two unordered
// asynchronous writes (one truncating), and a loaded CI machine once got a
// file whose second line was cut ("columns length is 8, got 2").
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

const root = process.cwd();
const triage = z
  .object({ accepted: z.array(z.object({ check: z.string(), file: z.string(), reason: z.string().min(40) })) })
  .parse(JSON.parse(readFileSync(join(root, 'test/security/electronegativity-triage.json'), 'utf8')));
const sarifSchema = z.object({
  runs: z.array(
    z.object({
      results: z.array(
        z.object({
          ruleId: z.string(),
          locations: z.array(z.object({ physicalLocation: z.object({ artifactLocation: z.object({ uri: z.string() }), region: z.object({ startLine: z.number(), startColumn: z.number() }) }) })),
        }),
      ),
    }),
  ),
});

let findings: { check: string; file: string; line: string }[] = [];
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'electronegativity-'));
  const input = join(dir, 'src');
  for (const part of ['main', 'preload', 'common', 'package.json']) cpSync(join(root, part), join(input, part), { recursive: true });
  const electron = (JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
  const bin = join(root, 'node_modules/.bin/electronegativity');
  expect(existsSync(bin)).toBe(true);
  const output = join(dir, 'findings.sarif');
  // -e: the Electron version from the installed package (the tool would otherwise ask the network).
  execFileSync(bin, ['-i', input, '-r', '-v', 'false', '-e', electron, '-o', output], { stdio: 'pipe', timeout: 120_000 });
  const results = sarifSchema.parse(JSON.parse(readFileSync(output, 'utf8'))).runs.flatMap((run) => run.results);
  findings = results.map((result) => {
    const where = result.locations[0]?.physicalLocation;
    const file = where?.artifactLocation.uri ?? '';
    return { check: result.ruleId, file, line: `${file}:${where?.region.startLine ?? 0}:${where?.region.startColumn ?? 0}` };
  });
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
