import { plainHttpProblem } from '../../../common/loopback';
import { caFileProblem, readCaFile } from '../../api';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MAX_CONCURRENCY } from './bulk-runner';

// Flags shared by the bulk commands, parsed into a typed value or a plain
// message (exit 4). Named as the other integra commands name them: the
// instance from --base-url or INTEGRA_BASE_URL, credentials from --user /
// --password or INTEGRA_USER / INTEGRA_PASSWORD, --ca-file or INTEGRA_CA_FILE.
// A dry run needs neither credentials nor an instance (without one it cannot
// tell which rows earlier runs did).

export const DEFAULT_CONCURRENCY = 8;

/** Help lines of the shared flags, so every bulk command describes them alike. */
export const CONCURRENCY_FLAG_USAGE = `  --concurrency <n>     requests in flight, 1-${MAX_CONCURRENCY} (default ${DEFAULT_CONCURRENCY})`;
export const CONNECTION_FLAGS_USAGE = `  --dry-run             validate the rows only; nothing is sent
  --delimiter <c>       the CSV delimiter (default: detected from the header line)
  --base-url <url>      the instance (or INTEGRA_BASE_URL); a dry run may leave it out
  --user, --password    the API user (or INTEGRA_USER, INTEGRA_PASSWORD)
  --ca-file <pem>       trust this CA certificate as well (or INTEGRA_CA_FILE)
  --timeout <ms>        per-request timeout in milliseconds

Prints a JSON summary on stdout. Exit codes: 0 all rows done, 2 the platform
refused some rows, 3 network trouble, 4 bad input, 1 anything else.`;

export interface BulkConnection {
  readonly baseUrl: string;
  readonly user: string;
  readonly password: string;
  readonly ca?: string;
  readonly timeoutMs?: number;
}

export interface BulkOptions {
  readonly csv: string;
  readonly delimiter?: string;
  readonly concurrency: number;
  readonly report: string;
  readonly state: string;
  readonly dryRun: boolean;
  /** Empty only in a dry run without an instance. */
  readonly baseUrl: string;
  /** Absent in dry runs, which sign in nowhere. */
  readonly connection?: BulkConnection;
  /** Extra integer flags a command declared (e.g. --batch-size). */
  readonly extra: Readonly<Record<string, number | undefined>>;
}

export type ParsedOptions = { ok: true; options: BulkOptions } | { ok: false; problem: string } | { ok: 'help' };

export interface ExtraIntFlag {
  readonly name: string;
  readonly min: number;
  readonly max: number;
}

const COMMON_FLAGS = {
  csv: { type: 'string' },
  delimiter: { type: 'string' },
  concurrency: { type: 'string' },
  report: { type: 'string' },
  state: { type: 'string' },
  'dry-run': { type: 'boolean' },
  'base-url': { type: 'string' },
  user: { type: 'string' },
  password: { type: 'string' },
  'ca-file': { type: 'string' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function parseBulkOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, extraFlags: readonly ExtraIntFlag[] = []): ParsedOptions {
  const flags: Record<string, { type: 'string' | 'boolean'; short?: string }> = { ...COMMON_FLAGS };
  for (const flag of extraFlags) flags[flag.name] = { type: 'string' };
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: [...argv], options: flags, strict: true, allowPositionals: false }).values as Record<string, string | boolean | undefined>;
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) };
  }
  if (values.help === true) return { ok: 'help' };
  const text = (name: string): string | undefined => (typeof values[name] === 'string' ? (values[name] as string) : undefined);

  const csv = text('csv');
  if (csv === undefined || csv.trim() === '') return { ok: false, problem: '--csv <file> is required' };
  const concurrency = intFlag(text('concurrency'), '--concurrency', 1, MAX_CONCURRENCY, DEFAULT_CONCURRENCY);
  if (typeof concurrency === 'string') return { ok: false, problem: concurrency };
  const extra: Record<string, number | undefined> = {};
  for (const flag of extraFlags) {
    const value = intFlag(text(flag.name), `--${flag.name}`, flag.min, flag.max, undefined);
    if (typeof value === 'string') return { ok: false, problem: value };
    extra[flag.name] = value;
  }
  const delimiter = text('delimiter');
  if (delimiter !== undefined && [...delimiter].length !== 1) return { ok: false, problem: '--delimiter must be one character, e.g. , or ;' };
  const timeout = intFlag(text('timeout'), '--timeout', 100, 600_000, undefined);
  if (typeof timeout === 'string') return { ok: false, problem: timeout };

  const dryRun = values['dry-run'] === true;
  const baseUrl = (text('base-url') ?? env.INTEGRA_BASE_URL ?? '').replace(/\/+$/, '');
  if (baseUrl === '' && !dryRun) return { ok: false, problem: 'no instance address: pass --base-url or set INTEGRA_BASE_URL' };
  if (baseUrl !== '' && !/^https?:\/\/[^/\s]+$/.test(baseUrl)) return { ok: false, problem: `--base-url must look like https://host[:port] (got ${JSON.stringify(baseUrl)})` };
  const insecure = baseUrl === '' ? null : plainHttpProblem(baseUrl);
  if (insecure !== null) return { ok: false, problem: `--base-url is refused: ${insecure}` };
  const common = {
    csv,
    ...(delimiter === undefined ? {} : { delimiter }),
    concurrency,
    report: text('report') ?? besideInput(csv, '.errors.csv'),
    state: text('state') ?? besideInput(csv, '.state.jsonl'),
    dryRun,
    baseUrl,
    extra,
  };
  const clash = [common.report, common.state].find((path) => resolve(path) === resolve(csv)) ?? (resolve(common.report) === resolve(common.state) ? common.report : undefined);
  if (clash !== undefined) return { ok: false, problem: `--report, --state and --csv must be three different files (${clash} is named twice)` };
  if (dryRun) return { ok: true, options: common };

  const user = text('user') ?? env.INTEGRA_USER;
  const password = text('password') ?? env.INTEGRA_PASSWORD;
  if (user === undefined || user === '' || password === undefined || password === '') {
    return { ok: false, problem: 'the API user is missing: pass --user and --password or set INTEGRA_USER and INTEGRA_PASSWORD' };
  }
  const caFile = text('ca-file') ?? env.INTEGRA_CA_FILE;
  let ca: string | undefined;
  if (caFile !== undefined) {
    const read = readCaFile(caFile);
    if (!read.ok) return { ok: false, problem: caFileProblem(caFile, read) };
    ca = read.pem;
  }
  const connection: BulkConnection = { baseUrl, user, password, ...(ca === undefined ? {} : { ca }), ...(timeout === undefined ? {} : { timeoutMs: timeout }) };
  return { ok: true, options: { ...common, connection } };
}

/** `lists/agents.csv` → `lists/agents.errors.csv` */
export function besideInput(csv: string, suffix: string): string {
  const name = basename(csv, extname(csv));
  return join(dirname(csv), `${name}${suffix}`);
}

function intFlag<D extends number | undefined>(raw: string | undefined, name: string, min: number, max: number, fallback: D): number | D | string {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) return `${name} must be a whole number from ${min} to ${max}`;
  return value;
}
