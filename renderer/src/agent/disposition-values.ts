// Pure conversions of the disposition form into the request (tested in test/services/calls).
import type { DispositionChoices, DispositionRequest, WrapUpDraft } from '../../../common/ipc-contract';
import { EMPTY_DRAFT, type WrapUp } from './call-view';
import { platformDateTime } from '../local-date-time';

/** The form's fields: what main keeps as the wrap-up's draft. */
export type DispositionFields = WrapUpDraft;

export const EMPTY_FIELDS: DispositionFields = EMPTY_DRAFT;

export type DispositionCheck = { ok: true; request: DispositionRequest } | { ok: false; field: 'l1' | 'callbackAt' | 'guid' };

export function dispositionRequest(wrap: WrapUp, fields: DispositionFields): DispositionCheck {
  if (!wrap.guid) return { ok: false, field: 'guid' };
  if (fields.l1.trim() === '') return { ok: false, field: 'l1' };
  const schedule = fields.callback ? platformDateTime(fields.callbackAt) : '';
  if (schedule === null) return { ok: false, field: 'callbackAt' };
  return {
    ok: true,
    request: {
      guid: wrap.guid, campaign: wrap.campaign, callerid: wrap.caller,
      l1: fields.l1.trim(), l2: fields.l2.trim(), l3: fields.l3.trim(), d1: fields.d1, d2: fields.d2,
      comment: fields.comment, tag: fields.tag.trim(), schedule,
      camptoreschedule: fields.callback ? fields.callbackDialer.trim() : '',
    },
  };
}

/** The campaign's own choices, else the `*` ones, else none. */
export function choicesFor(all: Record<string, DispositionChoices> | undefined, campaign: string): DispositionChoices {
  return all?.[campaign] ?? all?.['*'] ?? { l1: [], l2: [], l3: [] };
}
