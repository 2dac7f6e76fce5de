// The call context (CTI) object agents receive with a call, shaped like the
// sample in field-notes.md; sent as raw JSON in one header (X-CTI by default).
import type { Campaign } from '../state/records';

export interface CtiObject {
  Guid: string;
  Screen: 'TRUE' | 'FALSE';
  Form: string;
  Campaign: string;
  Callerid: string;
  ParAndValues: string;
  Beep: 'TRUE' | 'FALSE';
  Answer: 'TRUE' | 'FALSE';
}

export interface CtiInput {
  guid: string;
  campaign: string;
  /** The customer's number as the agent should see it. */
  callerid: string;
  /** `key=value` data of a dialer record, else empty. */
  parAndValues?: string;
  autoAnswer: boolean;
}

/** campaign.form is `<form_name>|<true|false>`: the form to open, and whether to pop it on screen. */
export function buildCti(input: CtiInput, campaign: Campaign | undefined): CtiObject {
  const [formName = '', screen = ''] = (campaign?.form ?? '').split('|');
  return {
    Guid: input.guid,
    Screen: screen.trim().toLowerCase() === 'true' ? 'TRUE' : 'FALSE',
    Form: formName.trim(),
    Campaign: input.campaign,
    Callerid: input.callerid,
    ParAndValues: input.parAndValues ?? '',
    Beep: 'FALSE',
    Answer: input.autoAnswer ? 'TRUE' : 'FALSE',
  };
}

/** The header line; JSON.stringify escapes CR/LF, so the value stays on one line. */
export function ctiHeader(name: string, cti: CtiObject): string {
  return `${name}: ${JSON.stringify(cti)}`;
}
