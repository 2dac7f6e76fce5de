// The forms a secret may take in a log line, computed once when it becomes known.

/** The secret as it is, percent-encoded and JSON-escaped. */
export function formsOf(secret: string): readonly string[] {
  return [...new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])];
}
