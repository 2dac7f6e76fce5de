// What an <input type=datetime-local> holds, for the platform and for the agent to read back. Pure.

/** `<input type=datetime-local>` value (`YYYY-MM-DDThh:mm[:ss]`, the computer's local time) → `YYYY-MM-DD hh:mm:ss`, or null. */
export function platformDateTime(local: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?$/.exec(local.trim());
  return m ? `${m[1]} ${m[2]}${m[3] ?? ':00'}` : null;
}

/** The picked moment in `language`'s words, and whether it is before `now`; null for an empty or partial value. */
export function dateTimeSaid(local: string, language: string, now: Date = new Date()): { text: string; past: boolean } | null {
  if (platformDateTime(local) === null) return null;
  // A date-time without an offset is local time (ECMA-262 Date.parse), as the input means it.
  const at = new Date(local.trim());
  if (Number.isNaN(at.getTime())) return null;
  const seconds = /T\d{2}:\d{2}:\d{2}/.test(local);
  const text = new Intl.DateTimeFormat(language, {
    weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}),
  }).format(at);
  return { text, past: at.getTime() < now.getTime() };
}
