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
 * A saved or discarded wrap-up takes the focused field with it. The next
 * wrap-up takes the focus itself (above); else it goes to the call that rings
 * or is live, else to the number to dial: where a keyboard user goes next,
 * not back to the top of the page.
 */
export function useFocusAfterWrapUp(area: RefObject<HTMLElement | null>, wrapKey: string | undefined): void {
  const shown = useRef(wrapKey);
  useEffect(() => {
    const closed = shown.current !== undefined && shown.current !== wrapKey;
    shown.current = wrapKey;
    if (!closed || !focusIsIdle()) return;
    const next = area.current?.querySelector<HTMLElement>('[data-testid=call-panel]') ?? area.current?.querySelector<HTMLElement>('input[name=number]:not(:disabled)');
    next?.focus();
  }, [area, wrapKey]);
}

/**
 * Nobody is working where the focus is: the page body (what had it is gone),
 * or a place it only rests (`data-focus-rest`, the welcome heading after sign-in).
 */
function focusIsIdle(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || (active instanceof HTMLElement && active.dataset['focusRest'] !== undefined);
}
