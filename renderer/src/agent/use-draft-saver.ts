// Keeps what the agent types in a disposition form: each change is saved to
// main (with the wrap-up) 400 ms after the typing pauses, at once when the
// form loses focus, and on the way out (a new call replacing the form, a
// reload, closing the window), so nothing typed is lost.
import { useCallback, useEffect, useRef } from 'react';
import type { WrapUpDraft } from '../../../common/ipc-contract';

const QUIET_MS = 400;

/** `cancel()`: the wrap-up was sent or discarded; nothing more is saved for it. */
export function useDraftSaver(save: (draft: WrapUpDraft) => void): { changed(draft: WrapUpDraft): void; flush(): void; cancel(): void } {
  const pending = useRef<WrapUpDraft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveRef = useRef(save);
  saveRef.current = save;

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const draft = pending.current;
    pending.current = null;
    if (draft) saveRef.current(draft);
  }, []);

  const changed = useCallback((draft: WrapUpDraft) => {
    pending.current = draft;
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(flush, QUIET_MS);
  }, [flush]);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
  }, []);

  return { changed, flush, cancel };
}
