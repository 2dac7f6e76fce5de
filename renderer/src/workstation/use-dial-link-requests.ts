// Phone links for the dial field. `useDialLinkRequests` gives the number a
// valid link asks for, already decided (dialLinkAction) between "prefill the
// field" and "dial now" from the agent's "dial immediately" and whether the
// phone is idle; `useDialLinkPrefill` is the one-line hook a dial field uses.
import { useEffect, useRef } from 'react';
import { dialLinkAction } from '../../../common/dial-link-result';
import { isPhoneIdle } from './phone-status';
import { useWorkstation } from './workstation-context';

export interface DialLinkRequest {
  readonly id: number;
  readonly action: 'dial' | 'prefill';
  /** What goes in the dial field (the extension included, e.g. `099123456 ext. 12`). */
  readonly display: string;
  readonly number: string;
}

export function useDialLinkRequests(): { request: DialLinkRequest | null; done(id: number): void } {
  const { link, dismissLink, settings, phoneStatus } = useWorkstation();
  if (!link || link.result.kind !== 'dial') return { request: null, done: dismissLink };
  const decided = dialLinkAction(link.result, { dialImmediately: settings.settings.dialImmediately, phoneIdle: isPhoneIdle(phoneStatus) });
  if (decided.action === 'show-invalid') return { request: null, done: dismissLink };
  return { request: { id: link.id, action: decided.action, display: decided.display, number: decided.number }, done: dismissLink };
}

export interface DialLinkTarget {
  /** Puts the text in the dial field. */
  prefill(text: string): void;
  /** Places the call; false when it cannot (no campaign yet): the number then just waits in the field. */
  dial(text: string): boolean;
}

/** Takes each link request once: prefills the field, and dials when the request says so. */
export function useDialLinkPrefill(target: DialLinkTarget): void {
  const { request, done } = useDialLinkRequests();
  const latest = useRef(target);
  latest.current = target;
  useEffect(() => {
    if (!request) return;
    done(request.id);
    latest.current.prefill(request.display);
    if (request.action === 'dial') latest.current.dial(request.display);
  }, [request, done]);
}
