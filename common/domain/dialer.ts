import { z } from 'zod';
import { sameSchema } from './schema-shape';
import { formatted, type FormattedField } from './field-format';
import { parseSchedule, parseDialstring, type Dialstring, type Schedule } from './campaign-formats';
import { parseRecycle, parseSchedulePhones, parseVariables, type PhoneSlot, type Variable } from './dialer-formats';

// Dialer as Get Dialers returns it. `campaign` is required; the other known keys
// are optional; extra keys kept.
const stringKeys = [
  'schedule', 'dialertype', 'dialstring', 'context', 'exten', 'sound', 'variables', 'callerid',
  'schedulephones', 'recycle', 'country', 'rule',
] as const;
const integerKeys = [
  'status', 'am', 'maxchannels', 'timeout', 'retries', 'callerpres', 'tbc', 'dncr', 'autoanswer',
  'tbc_nocontact', 'earlymedia', 'recyclecount', 'autoconvertcallerid',
] as const;

export const DialerSchema = z.looseObject({
  campaign: z.string(),
  ...sameSchema(stringKeys, z.string().nullable().optional()),
  ...sameSchema(integerKeys, z.number().int().nullable().optional()),
});
export type Dialer = z.infer<typeof DialerSchema>;

export const DialerListSchema = z.array(DialerSchema);

/** A dialer with its text-encoded fields parsed beside the raw record. */
export interface ParsedDialer {
  record: Dialer;
  campaign: string;
  schedule: FormattedField<Schedule>;
  dialstring: FormattedField<Dialstring>;
  recycle: FormattedField<unknown[]>;
  variables: FormattedField<Variable[]>;
  schedulephones: FormattedField<PhoneSlot[]>;
}

export function parseDialerFields(record: Dialer): ParsedDialer {
  return {
    record,
    campaign: record.campaign,
    schedule: formatted(record.schedule, parseSchedule),
    dialstring: formatted(record.dialstring, parseDialstring),
    recycle: formatted(record.recycle, parseRecycle),
    variables: formatted(record.variables, parseVariables),
    schedulephones: formatted(record.schedulephones, parseSchedulePhones),
  };
}
