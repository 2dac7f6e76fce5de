// Parsers for the observed dialer text formats (spec "Dialer"). Each returns
// undefined for text it does not recognise; the caller keeps it raw.

/** `recycle`: a JSON array carried as text. */
export function parseRecycle(text: string): unknown[] | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export interface Variable {
  key: string;
  value: string;
}

/** `variables`: `key=value:key=value` (order and repeats kept). */
export function parseVariables(text: string): Variable[] | undefined {
  const pairs: Variable[] = [];
  for (const part of text.split(':')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return undefined;
    pairs.push({ key: part.slice(0, eq).trim(), value: part.slice(eq + 1) });
  }
  return pairs;
}

export interface PhoneSlot {
  hour: number;
  /** Which phone columns to dial at that hour, as letters. */
  letters: string;
}

/** `schedulephones`: `<hour>=<letters>:<hour>=<letters>` */
export function parseSchedulePhones(text: string): PhoneSlot[] | undefined {
  const slots: PhoneSlot[] = [];
  for (const part of text.split(':')) {
    const m = /^\s*([01]?[0-9]|2[0-3])\s*=\s*([A-Za-z]*)\s*$/.exec(part);
    if (!m) return undefined;
    slots.push({ hour: Number(m[1]), letters: m[2] ?? '' });
  }
  return slots;
}
