// Writing a diagnostics bundle to the file the person chose (owner-only: it
// holds call numbers and the agent's name) and reading one back: what a
// support tool, and our tests, do with it. Reading is bounded and checks the
// shape, so a wrong or damaged file is said in words, not half-read.
import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { readRegularFileSync, refusalWords } from '../files';
import { BUNDLE_CAP_BYTES, BUNDLE_FORMAT } from './bundle';

export function writeBundleFile(path: string, json: string): void {
  writeFileSync(path, json, { mode: 0o600 });
}

const readBundleSchema = z
  .object({
    format: z.literal(BUNDLE_FORMAT),
    version: z.literal(1),
    generatedAt: z.iso.datetime(),
    app: z.object({ name: z.string(), version: z.string(), packaged: z.boolean() }),
    os: z.object({ platform: z.string(), release: z.string(), arch: z.string() }).loose(),
    settings: z.record(z.string(), z.unknown()),
    policy: z.unknown(),
    lastCheck: z.unknown(),
    qualityTimelines: z.array(z.object({ id: z.string(), timeline: z.unknown(), call: z.unknown().optional() }).loose()),
    sipTrace: z.array(z.object({ at: z.string(), direction: z.enum(['sent', 'received']), text: z.string(), cut: z.number() })),
    events: z.array(z.object({ at: z.string(), kind: z.string(), text: z.string() })),
    log: z.array(z.string()),
    limits: z.object({ capBytes: z.number(), leftOut: z.object({ logLines: z.number(), sipMessages: z.number(), qualityTimelines: z.number() }) }),
  })
  .loose();
export type ReadBundle = z.infer<typeof readBundleSchema>;

export type BundleRead = { readonly ok: true; readonly bundle: ReadBundle } | { readonly ok: false; readonly problem: string };

export function readBundleFile(path: string): BundleRead {
  const read = readRegularFileSync(path, BUNDLE_CAP_BYTES + 64 * 1024);
  if (!read.ok) return { ok: false, problem: `The diagnostics file ${path} could not be read: ${refusalWords(read)}.` };
  try {
    const parsed = readBundleSchema.safeParse(JSON.parse(read.bytes.toString('utf8')));
    if (parsed.success) return { ok: true, bundle: parsed.data };
    return { ok: false, problem: `${path} is not a diagnostics file of this app: the entry "${parsed.error.issues[0]?.path.join('.') ?? '?'}" is not as expected.` };
  } catch (error) {
    return { ok: false, problem: `${path} is not a diagnostics file of this app: ${error instanceof Error ? error.message : String(error)}.` };
  }
}
