import type { FormattedField } from './field-format';

// Parsers for the observed campaign text formats (spec "Campaign"). Each
// returns undefined for text it does not recognise; the caller keeps it raw.

export interface CampaignDirection {
  direction: 'outbound' | 'inbound';
  /** The name without its direction suffix. */
  baseName: string;
}

/** `Name->` is outbound, `Name<-` inbound; no suffix is flagged unknown. */
export function parseDirection(name: string): FormattedField<CampaignDirection> {
  const trimmed = name.trim();
  if (trimmed.endsWith('->')) return { raw: name, parsed: { direction: 'outbound', baseName: trimmed.slice(0, -2) }, known: true };
  if (trimmed.endsWith('<-')) return { raw: name, parsed: { direction: 'inbound', baseName: trimmed.slice(0, -2) }, known: true };
  return { raw: name, parsed: null, known: false };
}

export interface Schedule {
  /** The days part as written (its notation is not documented). */
  days: string;
  from: string;
  to: string;
}

const hhmm = '([01][0-9]|2[0-3]):([0-5][0-9])';
const scheduleRe = new RegExp(`^([^;]+);${hhmm}-${hhmm}$`);

/** `<days>;<hh:mm>-<hh:mm>` */
export function parseSchedule(text: string): Schedule | undefined {
  const m = scheduleRe.exec(text);
  if (!m) return undefined;
  return { days: (m[1] ?? '').trim(), from: `${m[2]}:${m[3]}`, to: `${m[4]}:${m[5]}` };
}

/** Dash-separated numbers, e.g. `20-40-60`. */
export function parseThresholds(text: string): number[] | undefined {
  const parts = text.split('-').map((p) => p.trim());
  if (parts.some((p) => !/^[0-9]+(\.[0-9]+)?$/.test(p))) return undefined;
  return parts.map(Number);
}

export interface FormFlag {
  name: string;
  flag: boolean;
}

/** `<form_name>|<true|false>` */
export function parseForm(text: string): FormFlag | undefined {
  const m = /^([^|]*)\|(true|false)$/i.exec(text);
  if (!m) return undefined;
  return { name: m[1] ?? '', flag: (m[2] ?? '').toLowerCase() === 'true' };
}

export interface Dialstring {
  tech: string;
  trunk: string;
  number: string;
}

/** `SIP/<trunk>/<number>` (other Asterisk technologies accepted alike). */
export function parseDialstring(text: string): Dialstring | undefined {
  const m = /^(SIP|PJSIP|IAX2|DAHDI)\/([^/\s]+)\/(\S+)$/i.exec(text);
  if (!m) return undefined;
  return { tech: m[1] ?? '', trunk: m[2] ?? '', number: m[3] ?? '' };
}

/**
 * `transferCampaigns`: the campaigns a call of this campaign may be transferred to. The spec gives no
 * format; the platform's own samples hold one name. Names separated by `,`, `;` or `|` (none of which a
 * campaign name uses) are read as a list; blanks and repeats dropped, at most 50.
 */
export function parseTransferCampaigns(text: string): string[] {
  const names = text.split(/[,;|]/u).map((name) => name.trim()).filter((name) => name !== '' && name.length <= 256);
  return [...new Set(names)].slice(0, 50);
}
