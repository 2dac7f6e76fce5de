// After Answer or Hang up the button that had the focus disappears, and the
// focus would fall to the page body. Then (and only then: an agent typing
// elsewhere keeps the focus) it lands on what the agent works with next: the
// call panel, or the disposition form's first field.
import { useEffect, type RefObject } from 'react';

export function useFocusRescue(target: RefObject<HTMLElement | null>, when: unknown): void {
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) target.current?.focus();
  }, [target, when]);
}
