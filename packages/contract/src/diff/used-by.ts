import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { DiffChange } from './types.ts';

/** One call of the API in the app's source: method, literal path template and where. */
export interface ApiCall {
  method: string;
  path: string;
  file: string;
  line: number;
}

// openapi-fetch: `client.GET('/api/v1/...'`, `api.POST("/api/...",` (any receiver, upper-case method).
const FETCH_CALL = /\.(GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE)\s*\(\s*(['"`])(\/[^'"`$]*)\2/g;
// openapi-react-query: `$api.useQuery('get', '/api/v1/...'`, `useMutation('post', '/api/...'`, queryOptions, …
const QUERY_CALL =
  /\.(?:useQuery|useSuspenseQuery|useInfiniteQuery|useSuspenseInfiniteQuery|useMutation|queryOptions|infiniteQueryOptions)\s*\(\s*(['"`])(get|put|post|delete|options|head|patch|trace)\1\s*,\s*(['"`])(\/[^'"`$]*)\3/g;

function lineAt(source: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}

/** The API calls written with a literal path in one source file (template paths with `${}` are not literal). */
export function extractCalls(source: string, file = ''): ApiCall[] {
  const out: ApiCall[] = [];
  for (const m of source.matchAll(FETCH_CALL))
    out.push({ method: (m[1] ?? '').toLowerCase(), path: m[3] ?? '', file, line: lineAt(source, m.index ?? 0) });
  for (const m of source.matchAll(QUERY_CALL))
    out.push({ method: m[2] ?? '', path: m[4] ?? '', file, line: lineAt(source, m.index ?? 0) });
  return out.sort((a, b) => a.line - b.line);
}

const SOURCE = /\.(ts|tsx|js|jsx|mts|mjs)$/;
const TEST = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** Every call in the app's source files (`src/` under `dir` when it exists), tests and node_modules left out. */
export function scanCalls(dir: string): ApiCall[] {
  const root = (() => {
    try {
      return statSync(join(dir, 'src')).isDirectory() ? join(dir, 'src') : dir;
    } catch {
      return dir;
    }
  })();
  if (!statSync(root).isDirectory()) throw new Error(`--used-by is not a directory: ${dir}`);
  const out: ApiCall[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const full = join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts'))
        out.push(...extractCalls(readFileSync(full, 'utf8'), relative(dir, full)));
    }
  };
  walk(root);
  return out;
}

/** Adds `usedBy` (`file:line` of each call) to the changes whose operation the app calls. */
export function markUsedBy(changes: DiffChange[], calls: ApiCall[], prefix = ''): DiffChange[] {
  return changes.map((change) => {
    const hits = calls
      .filter((c) => c.method === change.method && c.path === change.path)
      .map((c) => `${prefix}${c.file}:${c.line}`);
    return hits.length > 0 ? { ...change, usedBy: hits } : change;
  });
}
