// Readable text for the parsed platform fields, in the UI's language. A field
// whose text did not match a known format is shown raw and flagged.
import type { CampaignView, DialerView } from '../../../common/ipc-contract';
import type { Language, MessageKey } from '../../../common/i18n';

/** Same shape as the UI's `t()` (renderer/src/i18n.tsx); kept here so this file stays plain TS. */
export type Translate = (key: MessageKey, params?: Record<string, string>) => string;

interface Formatted<T> {
  raw: string;
  parsed: T | null;
  known: boolean;
}

export interface FieldText {
  text: string;
  /** True when the raw text is shown because its format is not recognised. */
  unknown: boolean;
}

const DAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const DAY_NAMES: Record<Language, readonly string[]> = {
  en: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  es: ['lun', 'mar', 'mié', 'jue', 'vie', 'sáb', 'dom'],
};

/** `mon,tue,wed,thu,fri` → `Mon–Fri`; a notation we do not know is kept as written. */
export function readableDays(days: string, language: Language): string {
  const indexes = days.split(',').map((d) => DAY_KEYS.indexOf(d.trim().toLowerCase().slice(0, 3) as (typeof DAY_KEYS)[number]));
  if (indexes.some((i) => i < 0)) return days;
  const names = DAY_NAMES[language];
  const runs: string[] = [];
  let start = 0;
  for (let i = 1; i <= indexes.length; i++) {
    if (i < indexes.length && indexes[i] === (indexes[i - 1] ?? 0) + 1) continue;
    const first = indexes[start] ?? 0;
    const last = indexes[i - 1] ?? 0;
    runs.push(last - first >= 2 ? `${names[first]}–${names[last]}` : indexes.slice(start, i).map((d) => names[d]).join(', '));
    start = i;
  }
  return runs.join(', ');
}

function show<T>(field: Formatted<T>, t: Translate, render: (value: T) => string): FieldText {
  if (field.parsed !== null) return { text: render(field.parsed), unknown: false };
  if (field.raw.trim() === '') return { text: t('sup.none'), unknown: false };
  return { text: field.raw, unknown: !field.known };
}

export function scheduleText(field: CampaignView['schedule'], t: Translate, language: Language): FieldText {
  return show(field, t, (s) => t('sup.schedule.value', { days: readableDays(s.days, language), from: s.from, to: s.to }));
}

export function directionText(field: CampaignView['direction'], t: Translate): FieldText {
  return show(field, t, (d) => t(d.direction === 'inbound' ? 'sup.direction.inbound' : 'sup.direction.outbound'));
}

export function thresholdsText(field: CampaignView['thresholds'], t: Translate): FieldText {
  return show(field, t, (values) => values.join(' / '));
}

export function formText(field: CampaignView['form'], t: Translate): FieldText {
  return show(field, t, (f) => t(f.flag ? 'sup.form.shown' : 'sup.form.hidden', { name: f.name || t('sup.none') }));
}

export function trunkText(field: CampaignView['dialstring'] | DialerView['dialstring'], t: Translate): FieldText {
  return show(field, t, (d) => `${d.tech}/${d.trunk}`);
}

export function numberText(field: CampaignView['dialstring'] | DialerView['dialstring'], t: Translate): FieldText {
  return show(field, t, (d) => d.number);
}

/** A plain record value (string, number, boolean) as text; `—` when absent. */
export function recordText(record: Record<string, unknown>, key: string, t: Translate): FieldText {
  const value = record[key];
  if (value === null || value === undefined || value === '') return { text: t('sup.none'), unknown: false };
  return { text: typeof value === 'object' ? JSON.stringify(value) : String(value), unknown: false };
}

/** `auto_answer` ("1"/"0") or `autoanswer` (1/0) as yes/no. */
export function yesNoText(record: Record<string, unknown>, key: string, t: Translate): FieldText {
  const value = record[key];
  if (value === '1' || value === 1 || value === true) return { text: t('sup.yes'), unknown: false };
  if (value === '0' || value === 0 || value === false) return { text: t('sup.no'), unknown: false };
  return recordText(record, key, t);
}

export function delimiterText(delimiter: string, t: Translate): string {
  switch (delimiter) {
    case ',': return t('sup.delim.comma');
    case ';': return t('sup.delim.semicolon');
    case '\t': return t('sup.delim.tab');
    case '|': return t('sup.delim.pipe');
    default: return JSON.stringify(delimiter);
  }
}

export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
