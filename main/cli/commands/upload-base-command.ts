import { basename } from 'node:path';
import { analyzeDialingList, type DialingListAnalysis, type UploadBaseResult } from '../../api';
import { english } from '../../../common/i18n/say';
import { unevenRowsSaid } from '../../../common/uneven-rows-said';
import { createUploadProgress } from '../bulk/upload-progress';
import { formatBytes, formatCount } from '../bulk/progress';
import { UsageError, type CliIo, type CommandSpec, type OptionValues } from '../cli-types';
import { integer, optional, required } from '../option-values';

// `integra upload-base`: the file is checked (exists, readable, text) before
// signing in, so a workbook costs no request at all; --dry-run stops there.
// While uploading, progress goes to stderr (one rewritten line on a terminal,
// plain lines otherwise) and a summary line ends it; stdout is the JSON result.

const s = (description: string, value = '<text>') => ({ type: 'string' as const, description, value });

/** What would be sent, from the flags alone. */
interface UploadPlan {
  file: string;
  campaign: string;
  username: string;
  filename: string;
  cant: number | undefined;
}

function planFrom(values: OptionValues, io: CliIo): UploadPlan {
  const username = optional(values, 'username') ?? optional(values, 'user') ?? io.env['INTEGRA_USER'] ?? optional(values, 'login-agent') ?? io.env['INTEGRA_AGENT'];
  if (!username?.trim()) throw new UsageError('--username is required (it defaults to --user / INTEGRA_USER)');
  const file = required(values, 'file');
  // The same defaults as the client (main/api/upload-base.ts), so a dry run shows what a real run sends.
  return {
    file,
    campaign: required(values, 'campaign').trim(),
    username: username.trim(),
    filename: optional(values, 'filename')?.trim() || basename(file),
    cant: integer(values, 'cant'),
  };
}

export interface DryRunResult {
  dryRun: true;
  analysis: DialingListAnalysis;
  wouldSend: { filename: string; campaign: string; cant: number; username: string };
}

export function dryRunResult(plan: UploadPlan, analysis: DialingListAnalysis): DryRunResult {
  const { filename, campaign, username } = plan;
  return { dryRun: true, analysis, wouldSend: { filename, campaign, cant: plan.cant ?? analysis.records, username } };
}

/** `upload-base: 3 records, 27 B to Encuestas-> in 0.4s (67 B/s)` */
export function summaryLine(result: UploadBaseResult, elapsedMs: number): string {
  const seconds = Math.max(elapsedMs, 1) / 1000;
  const bytes = result.analysis.bytes;
  const records = `${formatCount(result.cant)} record${result.cant === 1 ? '' : 's'}`;
  return `upload-base: ${records}, ${formatBytes(bytes)} to ${result.campaign} in ${seconds.toFixed(1)}s (${formatBytes(bytes / seconds)}/s)`;
}

export const uploadBase: CommandSpec = {
  name: 'upload-base',
  operation: 'Upload Base',
  summary: 'stream a CSV/TXT dialing list to a campaign (counts the records when --cant is not given)',
  signIn: 'client',
  options: {
    file: { ...s('path of the CSV/TXT file', '<path>'), required: true },
    filename: s('name sent to the platform (default: the file name)', '<name>'),
    campaign: { ...s('campaign receiving the list', '<campaign>'), required: true },
    cant: s('number of records (default: counted)', '<n>'),
    username: s('user uploading the list (default: --user / INTEGRA_USER)', '<name>'),
    'dry-run': { type: 'boolean', description: 'analyse and validate only, send nothing: prints the analysis and what would be sent' },
  },
  async preflight({ values, io }) {
    const plan = planFrom(values, io);
    // The whole file is read once here: a NUL byte anywhere refuses it before any request, even with --cant.
    const analysis = await analyzeDialingList(plan.file);
    // The upload form's warning, in English: `upload-base: warning: 2 rows do not have as many fields as the first row, which has 3 (rows 3, 6); …`.
    const uneven = unevenRowsSaid(analysis.unevenRows, formatCount);
    if (uneven) io.stderr(`upload-base: warning: ${english(uneven)}\n`);
    return values['dry-run'] === true ? { result: dryRunResult(plan, analysis) } : undefined;
  },
  async run({ client, values, io }) {
    const plan = planFrom(values, io);
    const progress = createUploadProgress({ write: io.stderr, isTTY: io.stderrIsTty });
    const started = performance.now();
    let result: UploadBaseResult;
    try {
      result = await client.uploadBase(
        { file: plan.file, campaign: plan.campaign, username: plan.username, filename: plan.filename, ...(plan.cant !== undefined ? { cant: plan.cant } : {}) },
        { onProgress: progress.onProgress },
      );
    } finally {
      progress.finish();
    }
    io.stderr(`${summaryLine(result, performance.now() - started)}\n`);
    return { ok: true, ...result };
  },
};
