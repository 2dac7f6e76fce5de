/**
 * Turns a headset's input reports into button events, using the layout
 * found in its descriptor. Headsets resend reports, send a press as 1 then 0,
 * repeat a held button, send the same state after reconnecting, and Jabra
 * reverts an unconfirmed hook switch about 2 s later (WICG/webhid#61); so
 * the decoder reports changes, never levels:
 *
 *   per control:  a report within `settleMs` of connect (or reset) sets the
 *                 level and says nothing: what a device reports when it is
 *                 opened is its state, not a press (a stuck bit stays silent)
 *                 after that, an unseen control counts as released (0)
 *                 level 0 ──1──▶ level 1   event (absolute hook: 'hook'
 *                 offHook=true; anything else: a press)
 *                 level 1 ──0──▶ level 0   event only for an absolute hook
 *                 same level again          nothing (a repeat or a held button)
 *
 * A relative hook switch (a toggle: 1 means "change state") gives a
 * 'hook-toggle' press; Phone Mute, Flash, Redial and Line Busy Tone are
 * momentary presses whether the descriptor says relative (Jabra, Poly) or
 * absolute. Reports with an id the layout does not know, shorter than the
 * layout needs or longer than MAX_REPORT_BYTES are ignored with a log line
 * (once per id). The decoder never throws and decides nothing about calls.
 */
import { MAX_REPORT_BYTES } from './hid-descriptor-parser';
import type { HeadsetLog } from './hid-types';
import type { FieldLocation, InputControl, TelephonyLayout } from './telephony-layout';

export type HeadsetEvent =
  | { readonly type: 'hook'; readonly offHook: boolean }
  | { readonly type: 'hook-toggle' }
  | { readonly type: 'mute-press' }
  | { readonly type: 'flash-press' }
  | { readonly type: 'redial-press' }
  | { readonly type: 'busy-press' };

export interface HeadsetInputDecoder {
  /** `data` is the report without its id, as WebHID's `inputreport` event gives it. */
  decode(reportId: number, data: Uint8Array): HeadsetEvent[];
  /** Forget every level, e.g. after the device reconnected: the next report is a baseline again. */
  reset(): void;
}

const PRESS: Readonly<Record<Exclude<InputControl, 'hookSwitch'>, HeadsetEvent>> = {
  phoneMute: { type: 'mute-press' }, flash: { type: 'flash-press' },
  redial: { type: 'redial-press' }, lineBusyTone: { type: 'busy-press' },
};

/** Little-endian bit field (HID 1.11 §8.4: fields are packed from bit 0 of byte 0). */
export function readBits(data: Uint8Array, bitOffset: number, bitSize: number): number {
  let value = 0;
  for (let i = bitSize - 1; i >= 0; i--) {
    const bit = bitOffset + i;
    value = value * 2 + (((data[bit >> 3] ?? 0) >> (bit & 7)) & 1);
  }
  return value;
}

export interface InputDecoderOptions {
  readonly now: () => number;
  /** How long after connect reports only set the baseline (default 500 ms). */
  readonly settleMs?: number;
}

export function createInputDecoder(layout: TelephonyLayout, log: HeadsetLog, options: InputDecoderOptions): HeadsetInputDecoder {
  const settleMs = options.settleMs ?? 500;
  const levels = new Map<InputControl, boolean>();
  let settlesAt = options.now() + settleMs;
  const complained = new Set<string>();
  const controls = Object.entries(layout.inputs) as [InputControl, FieldLocation][];

  const once = (key: string, line: string): void => {
    if (complained.has(key) || complained.size > 64) return;
    complained.add(key);
    log(line);
  };

  return {
    reset: () => {
      levels.clear();
      settlesAt = options.now() + settleMs;
    },
    decode(reportId, data) {
      if (data.length > MAX_REPORT_BYTES) {
        once(`big:${reportId}`, `headset: input report ${reportId} of ${data.length} bytes ignored (limit ${MAX_REPORT_BYTES})`);
        return [];
      }
      const needed = layout.inputReportBytes.get(reportId);
      if (needed === undefined) {
        once(`id:${reportId}`, `headset: input report id ${reportId} is not a telephony report; ignored`);
        return [];
      }
      if (data.length < needed) {
        once(`short:${reportId}`, `headset: input report ${reportId} has ${data.length} bytes, layout needs ${needed}; ignored`);
        return [];
      }
      const settling = options.now() < settlesAt;
      const events: HeadsetEvent[] = [];
      for (const [control, at] of controls) {
        if (at.reportId !== reportId) continue;
        const on = readBits(data, at.bitOffset, at.bitSize) !== 0;
        const before = levels.get(control) ?? false;
        levels.set(control, on);
        if (settling || before === on) continue;
        if (control === 'hookSwitch') {
          if (!at.relative) events.push({ type: 'hook', offHook: on });
          else if (on) events.push({ type: 'hook-toggle' });
        } else if (on) {
          events.push(PRESS[control]);
        }
      }
      return events;
    },
  };
}
