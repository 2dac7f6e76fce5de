// Routes of the control API: built-in ones and those extensions add.
// Paths may hold `:name` segments, e.g. /__sim/calls/:guid.
import type { ControlHandler } from './control-types';

export type ControlMethod = 'GET' | 'POST' | 'DELETE';

interface Route {
  method: ControlMethod;
  segments: string[];
  handler: ControlHandler;
}

export type RouteMatch = { handler: ControlHandler; params: Record<string, string> } | 'method-not-allowed' | undefined;

export class ControlRouter {
  readonly #routes: Route[] = [];

  route(method: ControlMethod, path: string, handler: ControlHandler): void {
    if (!path.startsWith('/__sim/')) throw new Error(`A control route must start with /__sim/ (got ${path}).`);
    this.#routes.push({ method, segments: path.split('/'), handler });
  }

  match(method: string, path: string): RouteMatch {
    const segments = path.split('/');
    let pathKnown = false;
    for (const route of this.#routes) {
      const params = matchSegments(route.segments, segments);
      if (!params) continue;
      if (route.method === method) return { handler: route.handler, params };
      pathKnown = true;
    }
    return pathKnown ? 'method-not-allowed' : undefined;
  }
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | undefined {
  if (pattern.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of pattern.entries()) {
    const value = actual[i] ?? '';
    if (part.startsWith(':')) {
      if (!value) return undefined;
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return undefined;
      }
    } else if (part !== value) return undefined;
  }
  return params;
}
