import { type HttpMethod, listOperations, loadContract, type OpenApiDocument, type Operation } from '@cohort/openapi';

/** The contract, read once per process. */
let cached: { doc: OpenApiDocument; operations: Operation[] } | undefined;

export function contract(): { doc: OpenApiDocument; operations: Operation[] } {
  if (!cached) {
    const doc = loadContract();
    cached = { doc, operations: listOperations(doc) };
  }
  return cached;
}

export interface PathMatcher {
  operation: Operation;
  regex: RegExp;
  /** Path parameter names in order. */
  names: string[];
  /** Templated segments; fewer wins, so `/users/me` beats `/users/{id}`. */
  params: number;
}

export function pathMatchers(operations: Operation[]): PathMatcher[] {
  return operations
    .map((operation) => {
      const names: string[] = [];
      const source = operation.path
        .replace(/\/$/, '')
        .split('/')
        .map((segment) => {
          const m = /^\{(.+)\}$/.exec(segment);
          if (!m) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(m[1] ?? '');
          return '([^/]+)';
        })
        .join('/');
      return { operation, regex: new RegExp(`^${source}/?$`), names, params: names.length };
    })
    .sort((a, b) => a.params - b.params);
}

/** The operation a request is for, or the methods the path allows (for 405), or nothing (404). */
export function matchOperation(
  matchers: PathMatcher[],
  method: string,
  path: string,
): { operation: Operation; params: Record<string, string> } | { allow: string[] } | undefined {
  const allow = new Set<string>();
  const wanted = method.toLowerCase() as HttpMethod;
  for (const m of matchers) {
    const hit = m.regex.exec(path);
    if (!hit) continue;
    if (m.operation.method === wanted) {
      const params: Record<string, string> = {};
      m.names.forEach((name, i) => {
        const value = hit[i + 1] ?? '';
        try {
          params[name] = decodeURIComponent(value);
        } catch {
          params[name] = value; // malformed %-escape: left as sent, validation will reject it
        }
      });
      return { operation: m.operation, params };
    }
    allow.add(m.operation.method.toUpperCase());
  }
  return allow.size > 0 ? { allow: [...allow].sort() } : undefined;
}

/** `/api/v1/users/me/notes/{id}` → `/api/v1/users/me/notes/:id` (Express path syntax). */
export function expressPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}
