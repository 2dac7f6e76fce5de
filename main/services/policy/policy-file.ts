// Finding and reading the IT policy file. A missing file means "no policy"; a
// broken one is reported in plain words and ignored, never fatal. So is one
// that is not a regular file of at most 64 KB (a FIFO would hang the read).
import { posix, win32 } from 'node:path';
import { readRegularFile, RefusedFileError, refusalWords } from '../files';
import { policySchema, type Policy } from './policy-schema';
import type { Say } from '../../../common/i18n/say';

/** The environment variable naming a policy file, used when no system file exists. */
export const POLICY_ENV_VAR = 'AGENT_SOFTPHONE_POLICY';
const MAX_POLICY_BYTES = 64 * 1024;

export interface PolicyLocationInput {
  readonly platform: NodeJS.Platform;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The documented system location of the policy file on each OS. */
export function systemPolicyPath({ platform, env }: PolicyLocationInput): string {
  if (platform === 'win32') return win32.join(env['ProgramData'] || 'C:\\ProgramData', 'AgentSoftphone', 'policy.json');
  if (platform === 'darwin') return '/Library/Application Support/AgentSoftphone/policy.json';
  return posix.join('/etc', 'agent-softphone', 'policy.json');
}

export interface LoadedPolicy {
  /** The policy in force, or null when there is none (or it is broken). */
  readonly policy: Policy | null;
  /** The file it came from (or that was tried and is broken), or null. */
  readonly source: string | null;
  /** Why a policy file could not be used, as message keys (the page says it in the user's language, the log in English), or null. */
  readonly problem: Say | null;
  /** Set when the environment variable was ignored because a system file exists. */
  readonly note: string | null;
}

/** Throws a system error (with its `code`) or a RefusedFileError when the file cannot be used. */
export type ReadText = (path: string) => Promise<string>;

/**
 * The system file wins when it exists: the environment variable, which any
 * user can set, must not let someone step around IT's machine-wide locks.
 * The variable is for machines without a system file (per-user deployments,
 * testing a policy before rolling it out).
 */
export async function loadPolicy(input: PolicyLocationInput & { readonly read?: ReadText }): Promise<LoadedPolicy> {
  const read = input.read ?? readPolicyText;
  const systemPath = systemPolicyPath(input);
  const envPath = input.env[POLICY_ENV_VAR]?.trim() || null;

  const system = await readOne(read, systemPath);
  if (system.kind !== 'missing') {
    const note = envPath && envPath !== systemPath ? `${POLICY_ENV_VAR} (${envPath}) was ignored because the system policy file ${systemPath} exists.` : null;
    return { ...fromRead(system, systemPath), note };
  }
  if (!envPath) return { policy: null, source: null, problem: null, note: null };
  const named = await readOne(read, envPath);
  if (named.kind === 'missing') {
    return {
      policy: null,
      source: envPath,
      problem: { key: 'policy.problem.missing', params: { variable: POLICY_ENV_VAR, path: envPath } },
      note: null,
    };
  }
  return { ...fromRead(named, envPath), note: null };
}

type ReadOutcome = { kind: 'missing' } | { kind: 'text'; text: string } | { kind: 'error'; cause: string };

async function readOne(read: ReadText, path: string): Promise<ReadOutcome> {
  try {
    return { kind: 'text', text: await read(path) };
  } catch (error) {
    const refusal = error instanceof RefusedFileError ? error.refusal : null;
    const code = refusal ? ('code' in refusal ? refusal.code : undefined) : (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    if (code === 'EACCES' || code === 'EPERM') return { kind: 'error', cause: 'the app may not read it (check its permissions: it must be readable by every user)' };
    if (code === 'EISDIR') return { kind: 'error', cause: 'it is a folder, not a file' };
    if (refusal) return { kind: 'error', cause: refusalWords(refusal) };
    return { kind: 'error', cause: error instanceof Error ? error.message : String(error) };
  }
}

function fromRead(outcome: Exclude<ReadOutcome, { kind: 'missing' }>, path: string): Omit<LoadedPolicy, 'note'> {
  const parsed = outcome.kind === 'text' ? parsePolicyText(outcome.text) : { ok: false as const, cause: outcome.cause };
  if (parsed.ok) return { policy: parsed.policy, source: path, problem: null };
  return {
    policy: null,
    source: path,
    problem: { key: 'policy.problem.unusable', params: { path, cause: parsed.cause } },
  };
}

/** Parses the text of a policy file; the cause names the failing key in plain words. */
export function parsePolicyText(text: string): { ok: true; policy: Policy } | { ok: false; cause: string } {
  if (Buffer.byteLength(text, 'utf8') > MAX_POLICY_BYTES) return { ok: false, cause: `it is larger than ${MAX_POLICY_BYTES / 1024} KiB` };
  let json: unknown;
  try {
    // A UTF-8 byte order mark (Notepad writes one) is not JSON.
    json = JSON.parse(text.replace(/^\uFEFF/u, ''));
  } catch (error) {
    return { ok: false, cause: `it is not valid JSON (${(error as Error).message})` };
  }
  const result = policySchema.safeParse(json);
  if (result.success) return { ok: true, policy: result.data };
  const causes = result.error.issues.map((issue) => {
    const where = issue.path.length > 0 ? `"${issue.path.join('.')}"` : 'the file';
    return `${where} ${issue.code === 'unrecognized_keys' ? `has unknown keys ${issue.keys.map((k) => `"${k}"`).join(', ')}` : issue.message}`;
  });
  return { ok: false, cause: causes.join('; ') };
}

async function readPolicyText(path: string): Promise<string> {
  const read = await readRegularFile(path, MAX_POLICY_BYTES);
  if (read.ok) return read.bytes.toString('utf8');
  throw new RefusedFileError(path, read);
}
