import type { z } from 'zod';

/** Builds a zod object shape giving every key in `keys` the same schema. */
export function sameSchema<K extends string, S extends z.ZodType>(keys: readonly K[], schema: S): Record<K, S> {
  return Object.fromEntries(keys.map((key) => [key, schema])) as Record<K, S>;
}
