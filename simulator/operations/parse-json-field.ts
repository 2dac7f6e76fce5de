// Parses a form field that carries JSON text against a schema; the failure
// says which key was wrong, for the request log.
import type { z } from 'zod';

export type JsonFieldResult<T> = { ok: true; value: T } | { ok: false; reason: string };

export function parseJsonField<S extends z.ZodType>(text: string | undefined, name: string, schema: S): JsonFieldResult<z.infer<S>> {
  if (text === undefined || text.trim() === '') return { ok: false, reason: `${name} missing` };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: `${name} is not JSON` };
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, reason: `${name}: ${issue?.path.join('.') || '(root)'} ${issue?.message ?? 'invalid'}` };
  }
  return { ok: true, value: result.data };
}
