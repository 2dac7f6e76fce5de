// After Answer or Hang up the button that had the focus disappears, and the
// focus would fall to the page body. Then (and only then: an agent typing
// elsewhere keeps the focus) it lands on what the agent works with next: the
// call panel, or the disposition form's first field.
import { useEffect, useRef, type RefObject } from 'react';

export function useFocusRescue(target: RefObject<HTMLElement | null>, when: unknown): void {
  useEffect(() => {
    if (focusIsIdle()) target.current?.focus();
  }, [target, when]);
}

/**
 * A saved or discarded wrap-up takes the focused field with it, and a call
 * that stops ringing its panel. What comes next takes the focus itself (the
 * next wrap-up, the new call, above); else it goes to the call that rings or
 * is live, else to the number to dial: where a keyboard user goes on, not
 * back to the top of the page. `shownKey` names what is shown (wrap-up, call).
 */
export function useFocusAfterGone(area: RefObject<HTMLElement | null>, shownKey: string): void {
  const shown = useRef(shownKey);
  useEffect(() => {
    const changed = shown.current !== shownKey;
    shown.current = shownKey;
    if (!changed || !focusIsIdle()) return;
    const next = area.current?.querySelector<HTMLElement>('[data-testid=call-panel]') ?? area.current?.querySelector<HTMLElement>('input[name=number]:not(:disabled)');
    next?.focus();
  }, [area, shownKey]);
}

/**
 * Nobody is working where the focus is: the page body (what had it is gone),
 * or a place it only rests (`data-focus-rest`, the welcome heading after sign-in).
 */
function focusIsIdle(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || (active instanceof HTMLElement && active.dataset['focusRest'] !== undefined);
}
