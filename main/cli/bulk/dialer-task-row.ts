import { z } from 'zod';
import { DialerTaskInputSchema, describeIssues, type DialerTask } from '../../../common/domain';
import { english } from '../../../common/i18n/say';
import { normalisePhoneNumber, phoneNumberProblemKey, PROBLEM_PARAMS } from '../../../common/phone-number';
import type { ParsedRow } from './bulk-runner';

// One row of `integra dialer-tasks`: campaign, destination, alternatives,
// agent, data (`key=value;key=value`), calldate (empty = as soon as possible),
// source, bulk, automatic. Only campaign and destination are required.

export const DIALER_TASK_REQUIRED_COLUMNS = ['campaign', 'destination'] as const;
export const DIALER_TASK_OPTIONAL_COLUMNS = ['alternatives', 'agent', 'data', 'calldate', 'source', 'bulk', 'automatic'] as const;

const flag = (column: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((text) => FLAG_VALUES.has(text), `column ${column}: write true or false (also 1/0, yes/no; empty = false)`)
    .transform((text) => FLAG_VALUES.get(text) === true);

const FLAG_VALUES = new Map<string, boolean>([
  ['', false],
  ['false', false],
  ['0', false],
  ['no', false],
  ['true', true],
  ['1', true],
  ['yes', true],
]);

const dataSchema = z
  .string()
  .trim()
  .transform((text) => text.split(';').map((pair) => pair.trim()).filter((pair) => pair !== ''))
  .refine((pairs) => pairs.every((pair) => /^[^=]+=/.test(pair)), 'column data: write key=value pairs separated by ;')
  .transform((pairs) => pairs.join(';'));

const rowSchema = z.object({
  campaign: z.string().trim().min(1, 'column campaign is empty'),
  destination: z.string().transform(destinationNumber),
  alternatives: z.string().trim(),
  agent: z.string().trim().regex(/^([0-9]{1,20})?$/, 'column agent: the agent phone/extension, digits only (or empty)'),
  data: dataSchema,
  calldate: z
    .string()
    .trim()
    .refine((text) => text === '' || /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text), 'column calldate: YYYY-MM-DD hh:mm:ss, or empty to dial as soon as possible')
    .transform((text) => (text === '' ? null : text)),
  source: z.string().trim(),
  bulk: flag('bulk'),
  automatic: flag('automatic'),
});

/**
 * The number as the dial pad and the supervisor's form read it: "099 123 456" or "+598 99-123-456"
 * (as spreadsheets export them) are the digits the platform dials; letters or an extension are said.
 */
function destinationNumber(text: string, ctx: z.RefinementCtx): string {
  const number = normalisePhoneNumber(text);
  if (!number.ok) {
    ctx.addIssue({ code: 'custom', message: `column destination: ${english({ key: phoneNumberProblemKey(number.problem), params: PROBLEM_PARAMS })}` });
    return z.NEVER;
  }
  if (number.value.extension !== undefined) {
    ctx.addIssue({ code: 'custom', message: `column destination: ${english({ key: 'sup.err.recordExtension', params: { extension: number.value.extension } })}` });
    return z.NEVER;
  }
  return number.value.number;
}

export function parseDialerTaskRow(cells: Readonly<Record<string, string>>): ParsedRow<DialerTask> {
  const row = rowSchema.safeParse({
    campaign: cells.campaign ?? '',
    destination: cells.destination ?? '',
    alternatives: cells.alternatives ?? '',
    agent: cells.agent ?? '',
    data: cells.data ?? '',
    calldate: cells.calldate ?? '',
    source: cells.source ?? '',
    bulk: cells.bulk ?? '',
    automatic: cells.automatic ?? '',
  });
  if (!row.success) return { ok: false, problem: row.error.issues.map((issue) => issue.message).join('; ') };
  const task = DialerTaskInputSchema.safeParse(row.data);
  if (!task.success) return { ok: false, problem: describeIssues(task.error) };
  return { ok: true, job: task.data };
}
