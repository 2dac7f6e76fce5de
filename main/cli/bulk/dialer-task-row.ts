import { z } from 'zod';
import { DialerTaskInputSchema, describeIssues, type DialerTask } from '../../../common/domain';
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
  destination: z.string().trim().regex(/^\+?[0-9]{2,20}$/, 'column destination: a phone number, digits only'),
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
