import type { Operation } from '@cohort/openapi/schema';

/** Where a request lands in the contract (see `ContractRouter.match`). */
export type RouteMatch =
  | { operation: Operation; params: Record<string, string> }
  /** The path is the contract's, the method is not: 405 with these in `Allow`. */
  | { allow: string[] }
  /** A path parameter with a malformed `%` escape: 400. */
  | { badEscape: true }
  | undefined;

interface PathItem {
  path: string;
  /** Each segment: its lower-cased text, or null for a parameter. */
  segments: (string | null)[];
  names: string[];
  regex: RegExp;
  /** Upper-case method → operation. */
  operations: Map<string, Operation>;
}

/** Concrete before templated, segment by segment from the left (OpenAPI's rule): `/notes/store` beats `/notes/{id}`. */
function moreSpecific(a: PathItem, b: PathItem): number {
  for (let i = 0; i < a.segments.length; i++) {
    const x = a.segments[i] === null;
    const y = b.segments[i] === null;
    if (x !== y) return x ? 1 : -1;
  }
  return 0;
}

/**
 * The one path matcher, derived from the contract, for dispatch and for 404/405 alike. A request
 * path first finds its path item (concrete segments win over templated ones; case-insensitive, one
 * optional trailing slash, as Express matched), then the method within it: a method the item lacks
 * is a 405 naming the ones it has, never an answer from a templated sibling.
 */
export class ContractRouter {
  readonly #exact = new Map<string, PathItem>();
  /** Segment count → templated path items, most specific first. */
  readonly #byShape = new Map<number, PathItem[]>();

  constructor(operations: Operation[]) {
    const items = new Map<string, PathItem>();
    for (const operation of operations) {
      const path = operation.path.replace(/\/+$/, '');
      let item = items.get(path);
      if (!item) {
        const names: string[] = [];
        const segments = path.split('/').map((segment) => {
          const m = /^\{(.+)\}$/.exec(segment);
          if (!m) return segment.toLowerCase();
          names.push(m[1] ?? '');
          return null;
        });
        const source = segments
          .map((segment) => (segment === null ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('/');
        item = { path, segments, names, regex: new RegExp(`^${source}/?$`, 'i'), operations: new Map() };
        items.set(path, item);
      }
      item.operations.set(operation.method.toUpperCase(), operation);
    }
    for (const item of items.values()) {
      if (item.names.length === 0) {
        this.#exact.set(item.path.toLowerCase(), item);
        continue;
      }
      const list = this.#byShape.get(item.segments.length) ?? [];
      list.push(item);
      this.#byShape.set(item.segments.length, list);
    }
    for (const list of this.#byShape.values()) list.sort(moreSpecific);
  }

  /** The path item of a request path and its decoded parameters. */
  #find(path: string): { item: PathItem; params: Record<string, string> } | { badEscape: true } | undefined {
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const exact = this.#exact.get(trimmed.toLowerCase());
    if (exact) return { item: exact, params: {} };
    const shape = trimmed.split('/').length;
    for (const item of this.#byShape.get(shape) ?? []) {
      const hit = item.regex.exec(trimmed);
      if (!hit) continue;
      const params: Record<string, string> = {};
      for (let i = 0; i < item.names.length; i++) {
        const raw = hit[i + 1] ?? '';
        if (raw.indexOf('%') === -1) params[item.names[i] as string] = raw;
        else {
          try {
            params[item.names[i] as string] = decodeURIComponent(raw);
          } catch {
            return { badEscape: true };
          }
        }
      }
      return { item, params };
    }
    return undefined;
  }

  /** The methods (upper case, sorted) the contract declares for the path item of `path`. */
  methodsOf(path: string): string[] {
    const found = this.#find(path);
    return found && 'item' in found ? [...found.item.operations.keys()].sort() : [];
  }

  /** The operation a request is for (HEAD is served by GET), the methods its path allows, or nothing. */
  match(method: string, path: string): RouteMatch {
    const found = this.#find(path);
    if (!found || 'badEscape' in found) return found;
    const wanted = method.toUpperCase();
    const operation =
      found.item.operations.get(wanted) ?? (wanted === 'HEAD' ? found.item.operations.get('GET') : undefined);
    if (operation) return { operation, params: found.params };
    return { allow: this.methodsOf(path) };
  }
}
