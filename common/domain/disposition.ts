import { z } from 'zod';
import { DATE_TIME_RE } from './dialer-task';

// Call Disposition parameters. Every key is sent, empty where unset.
const required = (what: string) => z.string().trim().min(1, `the ${what} is empty`);

export const DispositionInputSchema = z.object({
  campaign: required('campaign'),
  agent: required('agent'),
  callerid: required('caller id'),
  guid: required('call guid'),
  l1: required('level 1 disposition (l1)'),
  l2: z.string().default(''),
  l3: z.string().default(''),
  d1: z.string().default(''),
  d2: z.string().default(''),
  comment: z.string().default(''),
  schedule: z
    .string()
    .refine((s) => s === '' || DATE_TIME_RE.test(s), 'the schedule must be YYYY-MM-DD hh:mm:ss or empty')
    .default(''),
  camptoreschedule: z.string().default(''),
  tag: z.string().default(''),
});
export type DispositionInput = z.input<typeof DispositionInputSchema>;
export type Disposition = z.output<typeof DispositionInputSchema>;

/** The key order of the form, as the spec lists the parameters. */
export const DISPOSITION_KEYS = [
  'campaign', 'agent', 'callerid', 'guid', 'l1', 'l2', 'l3', 'd1', 'd2', 'comment', 'schedule', 'camptoreschedule', 'tag',
] as const satisfies readonly (keyof Disposition)[];
