// The diagnostics bundle (issue 26): one JSON file IT can read, built from
// what main and the page know — versions, settings and policy, the last
// shift-start check, the last calls' quality timelines, the phone's SIP
// trace, connection and outbox events, and the log's last lines. Pure.
//
// No secret leaves in it: every string of every part (keys too) goes through
// the log's redaction (known secrets in all their forms, secret-shaped keys
// and patterns), whatever part it came from. Bounded: at most BUNDLE_CAP_BYTES;
// when the parts are larger, the oldest log lines go first, then the oldest
// SIP messages, then the oldest timelines, and the bundle says how many went.
import { isSecretKey, REDACTED, redact, redactText, type Redacted } from '../logging';

/** The bundle's size cap in bytes (docs/ASSUMPTIONS.md): small enough to attach to a ticket. */
export const BUNDLE_CAP_BYTES = 4 * 1024 * 1024;
export const BUNDLE_FORMAT = 'agent-softphone-diagnostics';
const MAX_DEPTH = 16;

export interface BundleInput {
  readonly generatedAt: Date;
  readonly app: { readonly name: string; readonly version: string; readonly packaged: boolean };
  readonly runtime: Readonly<Record<string, string | undefined>>;
  readonly os: { readonly platform: string; readonly release: string; readonly arch: string; readonly locale?: string };
  /** The page's side: its browser and language. */
  readonly page: { readonly userAgent: string; readonly language: string };
  readonly session: unknown;
  readonly phone: unknown;
  readonly connectivity: string;
  readonly policy: unknown;
  readonly settings: unknown;
  readonly lastCheck: unknown;
  readonly qualityTimelines: readonly unknown[];
  readonly sipTrace: readonly unknown[];
  readonly events: readonly unknown[];
  readonly logFolder: string | null;
  readonly logLines: readonly string[];
}

export interface Bundle {
  readonly json: string;
  readonly bytes: number;
  readonly fileName: string;
}

/** Every string of `value` (keys too) redacted, every secret-keyed value dropped; arrays kept whole (their sources bound them). */
export function redactAll(value: unknown, depth = 0): Redacted {
  if (typeof value === 'string') return redactText(value);
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => redactAll(item, depth + 1));
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, Redacted> = {};
    for (const [key, item] of Object.entries(value)) {
      out[redactText(key)] = isSecretKey(key) && item !== undefined && item !== null && item !== '' ? REDACTED : redactAll(item, depth + 1);
    }
    return out;
  }
  return redact(value);
}

const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8');

export function buildBundle(input: BundleInput, capBytes = BUNDLE_CAP_BYTES): Bundle {
  const parts = {
    logLines: input.logLines.map((line) => redactText(line)),
    sipTrace: input.sipTrace.map((entry) => redactAll(entry)),
    qualityTimelines: input.qualityTimelines.map((entry) => redactAll(entry)),
  };
  const fixed = redactAll({
    format: BUNDLE_FORMAT,
    version: 1,
    generatedAt: input.generatedAt.toISOString(),
    app: input.app,
    runtime: Object.fromEntries(Object.entries(input.runtime).filter((entry) => entry[1] !== undefined)),
    os: input.os,
    page: input.page,
    session: input.session,
    phone: input.phone,
    connectivity: input.connectivity,
    policy: input.policy,
    settings: input.settings,
    lastCheck: input.lastCheck ?? null,
    events: input.events,
    logFolder: input.logFolder,
  });
  const left = { logLines: 0, sipMessages: 0, qualityTimelines: 0 };
  const render = (): string =>
    JSON.stringify({
      ...(fixed as Record<string, Redacted>),
      // Newest timelines first (as kept); trace and log oldest first.
      qualityTimelines: parts.qualityTimelines,
      sipTrace: parts.sipTrace,
      log: parts.logLines,
      limits: { capBytes, leftOut: left },
    }, null, 1);
  let json = render();
  // Over the cap: drop from the oldest end of the largest kinds of content, in order, until it fits.
  for (let round = 0; byteLength(json) > capBytes && round < 64; round += 1) {
    let over = byteLength(json) - capBytes;
    const drop = <T>(list: T[], fromEnd: boolean, counter: keyof typeof left): void => {
      while (over > 0 && list.length > 0) {
        const item = fromEnd ? list.pop() : list.shift();
        over -= byteLength(JSON.stringify(item)) + 2;
        left[counter] += 1;
      }
    };
    drop(parts.logLines, false, 'logLines');
    drop(parts.sipTrace, false, 'sipMessages');
    drop(parts.qualityTimelines, true, 'qualityTimelines');
    json = render();
    if (parts.logLines.length + parts.sipTrace.length + parts.qualityTimelines.length === 0) break;
  }
  const stamp = input.generatedAt.toISOString().replace(/[-:]/gu, '').replace(/\..*$/u, '').replace('T', '-');
  return { json, bytes: byteLength(json), fileName: `agent-softphone-diagnostics-${stamp}.json` };
}
