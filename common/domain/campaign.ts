import { z } from 'zod';
import { sameSchema } from './schema-shape';
import {
  parseDialstring,
  parseDirection,
  parseForm,
  parseSchedule,
  parseThresholds,
  type CampaignDirection,
  type Dialstring,
  type FormFlag,
  type Schedule,
} from './campaign-formats';
import { formatted, type FormattedField } from './field-format';

// Campaign (dialer or queue) as Get Campaigns returns it. Known keys are
// optional (instances differ in what they fill) except `name`; extra keys kept.
const stringKeys = [
  'musiconhold', 'announce', 'context', 'monitorType', 'monitorFormat', 'announceHoldtime',
  'announcePosition', 'strategy', 'joinempty', 'leavewhenempty', 'periodicAnnounce',
  'periodicAnnounceFrequency', 'did', 'direction', 'interactions', 'email', 'thresholds', 'welcome',
  'schedule', 'form', 'quality', 'dialstring', 'voicemail', 'auto_answer', 'queue_breaks', 'language',
  'transferCampaigns',
] as const;
const integerKeys = [
  'timeout', 'announceFrequency', 'announceRoundSeconds', 'retry', 'wrapuptime', 'maxlen',
  'servicelevel', 'memberdelay', 'weight', 'queue_survey', 'queue_timeout', 'show_dispositions',
  'screen_recording',
] as const;
const booleanKeys = [
  'eventmemberstatus', 'eventwhencalled', 'reportholdtime', 'timeoutrestart', 'ringinuse', 'setinterfacevar',
] as const;

export const CampaignSchema = z.looseObject({
  name: z.string(),
  ...sameSchema(stringKeys, z.string().nullable().optional()),
  ...sameSchema(integerKeys, z.number().int().nullable().optional()),
  ...sameSchema(booleanKeys, z.boolean().nullable().optional()),
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const CampaignListSchema = z.array(CampaignSchema);

/** A campaign with its text-encoded fields parsed beside the raw record. */
export interface ParsedCampaign {
  record: Campaign;
  name: string;
  direction: FormattedField<CampaignDirection>;
  schedule: FormattedField<Schedule>;
  thresholds: FormattedField<number[]>;
  form: FormattedField<FormFlag>;
  dialstring: FormattedField<Dialstring>;
}

export function parseCampaignFields(record: Campaign): ParsedCampaign {
  return {
    record,
    name: record.name,
    direction: parseDirection(record.name),
    schedule: formatted(record.schedule, parseSchedule),
    thresholds: formatted(record.thresholds, parseThresholds),
    form: formatted(record.form, parseForm),
    dialstring: formatted(record.dialstring, parseDialstring),
  };
}
