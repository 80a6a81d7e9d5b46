import type { Operation } from '@cohort/openapi/schema';

/** Where a request lands in the contract (see `ContractRouter.match`). */
export type RouteMatch =
  | { operation: Operation; params: Readonly<Record<string, string>> }
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
  /** Upper-case method → operation. */
  operations: Map<string, Operation>;
}

/** One segment position of the templated paths: the concrete segments that go on from here, and the parameter. */
interface Branch {
  fixed: Map<string, Branch>;
  param?: Branch;
  /** The path item that ends here. */
  item?: PathItem;
}

/** What a path leads to: its path item and decoded parameters (shared, frozen), a bad escape, or nothing. */
type Found = { item: PathItem; params: Readonly<Record<string, string>> } | { badEscape: true } | undefined;

/** How many request paths the router remembers before it starts over, and the longest it keeps (a few hundred kB at most). */
const CACHED_PATHS = 2048;
const CACHED_PATH_LENGTH = 200;
const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

const branch = (): Branch => ({ fixed: new Map() });

/**
 * The one path matcher, derived from the contract, for dispatch and for 404/405 alike. A request
 * path first finds its path item (concrete segments win over templated ones; case-insensitive, one
 * optional trailing slash, as Express matched), then the method within it: a method the item lacks
 * is a 405 naming the ones it has, never an answer from a templated sibling.
 */
export class ContractRouter {
  readonly #exact = new Map<string, PathItem>();
  /** The templated path items as a tree of segments, walked concrete segment first. */
  readonly #templated = branch();
  /** Paths already looked up and what they found (parameters included), up to `CACHED_PATHS`. */
  readonly #found = new Map<string, Found>();

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
        item = { path, segments, names, operations: new Map() };
        items.set(path, item);
      }
      item.operations.set(operation.method.toUpperCase(), operation);
    }
    for (const item of items.values()) {
      if (item.names.length === 0) {
        this.#exact.set(item.path.toLowerCase(), item);
        continue;
      }
      let at = this.#templated;
      for (const segment of item.segments) {
        if (segment === null) at = at.param ??= branch();
        else {
          const next = at.fixed.get(segment) ?? branch();
          at.fixed.set(segment, next);
          at = next;
        }
      }
      at.item = item;
    }
  }

  /**
   * The templated path item `parts[i…]` leads to from `at`, its parameters' raw values pushed on
   * `values`: a concrete segment is tried before the parameter at each position, so the first
   * item found is the most specific (`/notes/store` before `/notes/{id}`), as OpenAPI says.
   */
  #walk(at: Branch, parts: string[], i: number, values: string[]): PathItem | undefined {
    if (i === parts.length) return at.item;
    const part = parts[i] as string;
    // Most paths arrive in lower case already: lower-cased only when the segment as sent is not found.
    const fixed = at.fixed.get(part) ?? at.fixed.get(part.toLowerCase());
    const viaFixed = fixed && this.#walk(fixed, parts, i + 1, values);
    if (viaFixed) return viaFixed;
    if (!at.param || part === '') return undefined;
    values.push(part);
    const viaParam = this.#walk(at.param, parts, i + 1, values);
    if (!viaParam) values.pop();
    return viaParam;
  }

  /** `#look`, remembered: most requests repeat a path (a list read again, the same user's page). */
  #find(path: string): Found {
    if (path.length > CACHED_PATH_LENGTH) return this.#look(path);
    let found = this.#found.get(path);
    if (found === undefined && !this.#found.has(path)) {
      found = this.#look(path);
      if (this.#found.size >= CACHED_PATHS) this.#found.clear();
      this.#found.set(path, found);
    }
    return found;
  }

  /** The path item of a request path and its decoded parameters. */
  #look(path: string): Found {
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const exact = this.#exact.get(trimmed) ?? this.#exact.get(trimmed.toLowerCase());
    if (exact) return { item: exact, params: NO_PARAMS };
    const values: string[] = [];
    const item = this.#walk(this.#templated, trimmed.split('/'), 0, values);
    if (!item) return undefined;
    const params: Record<string, string> = {};
    for (let i = 0; i < item.names.length; i++) {
      const raw = values[i] ?? '';
      if (raw.indexOf('%') === -1) params[item.names[i] as string] = raw;
      else {
        try {
          params[item.names[i] as string] = decodeURIComponent(raw);
        } catch {
          return { badEscape: true };
        }
      }
    }
    return { item, params: Object.freeze(params) };
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
