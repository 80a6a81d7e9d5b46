import { startModuleWorker } from '../persistence/seed-file.ts';
import type { PresetSeeder } from '../scenarios/session.ts';
import type { State } from '../store/types.ts';

/** One part of a seeded state as the worker sends it: a value at `path`, or more items of the array there. */
export type PresetPart =
  | { path: string[]; value: unknown; append?: true }
  /** The end, with the state's `approxBytes`, measured there rather than here. */
  | { done: true; bytes: number }
  | { error: string };

const TYPESCRIPT = import.meta.url.endsWith('.ts');
const WORKER = new URL(`./preset-seed-worker${TYPESCRIPT ? '.ts' : '.js'}`, import.meta.url);
/** Items per part: each part is read on this thread in one turn of the event loop, so none may be long. */
const CHUNK = 2_000;

/**
 * The Node server's preset seeder: a worker thread seeds the preset, then sends the state in parts,
 * each only after the last is taken in and the event loop has had a turn, so the requests that come
 * meanwhile are answered between parts instead of waiting for the whole state.
 */
export function presetSeedWorker(): PresetSeeder {
  return (job) =>
    new Promise<{ state: State; bytes: number }>((resolve, reject) => {
      const worker = startModuleWorker(WORKER, job);
      // A server that closes does not wait for a preset it was seeding.
      worker.unref();
      const state: Record<string, unknown> = {};
      worker.on('message', (part: PresetPart) => {
        if ('error' in part || 'done' in part) {
          if ('done' in part) resolve({ state: state as unknown as State, bytes: part.bytes });
          else reject(new Error(part.error));
          void worker.terminate();
          return;
        }
        putPart(state, part);
        setImmediate(() => worker.postMessage('next'));
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the preset's seeding stopped (exit code ${code})`)));
    });
}

/** `state` in parts: each top-level value, and each one nested a level down, whole; their arrays in slices of `CHUNK` items. */
export function* stateParts(state: object): Generator<PresetPart> {
  function* valueParts(path: string[], value: unknown, depth: number): Generator<PresetPart> {
    if (Array.isArray(value) && value.length > CHUNK) {
      yield { path, value: [] };
      for (let i = 0; i < value.length; i += CHUNK) yield { path, value: value.slice(i, i + CHUNK), append: true };
    } else if (depth < 2 && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      yield { path, value: {} };
      for (const [key, inner] of Object.entries(value)) yield* valueParts([...path, key], inner, depth + 1);
    } else yield { path, value };
  }
  for (const [key, value] of Object.entries(state)) yield* valueParts([key], value, 1);
}

function putPart(
  root: Record<string, unknown>,
  { path, value, append }: { path: string[]; value: unknown; append?: true },
) {
  let target = root;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = path[path.length - 1] as string;
  if (append) for (const item of value as unknown[]) (target[last] as unknown[]).push(item);
  else target[last] = value;
}
