import type { z } from 'zod';

/** Turns zod issues into one readable line naming each failing field, e.g. `[2].timeout: expected number, received string`. */
export function describeIssues(error: z.ZodError, maxIssues = 5): string {
  const parts = error.issues.slice(0, maxIssues).map((issue) => {
    const where = issue.path.length === 0 ? 'the value' : pathText(issue.path);
    return `${where}: ${issue.message.replace(/^Invalid input: /, '')}`;
  });
  const more = error.issues.length > maxIssues ? ` (and ${error.issues.length - maxIssues} more)` : '';
  return parts.join('; ') + more;
}

function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
}
