import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { stateFileProblem } from './state-schema.ts';
import type { State } from './store/types.ts';

/** A `--data` file the mock will not use; `message` is the one line to print (it names the file). */
export class StateFileError extends Error {
  override readonly name = 'StateFileError';
}

/**
 * Writes the state so that a crash leaves either the old file or the new one: temp file, fsync,
 * rename over the target, fsync the directory (so the rename itself survives a power cut).
 */
export function writeStateFile(file: string, state: State): void {
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, JSON.stringify(state));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  const dir = openSync(dirname(file), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/**
 * The state in `file`, or undefined when there is none yet. A file that is not JSON, or not the
 * shape the store needs, is refused whole (never half-loaded) with the first bad field named; the
 * file is not touched.
 */
export function readStateFile(file: string): State | undefined {
  if (!existsSync(file)) return undefined;
  const refuse = (why: string) =>
    new StateFileError(
      `${file} is not a usable Cohort state file: ${why} (fix it, move it aside, or use another --data file)`,
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw refuse(`not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const version = (parsed as { version?: unknown } | null)?.version;
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && version !== 1) {
    throw refuse(`unknown state version ${JSON.stringify(version)}`);
  }
  const problem = stateFileProblem(parsed);
  if (problem) throw refuse(problem);
  return parsed as State;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else, which is still another writer.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Makes this process the file's only writer: `<file>.lock` holds our pid. A live holder is
 * refused by name (two servers on one file would lose each other's writes); a dead one's lock
 * is taken over. Then the temp files a killed writer left behind are removed. Returns `release`.
 */
export function lockStateFile(file: string): () => void {
  const lock = `${file}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = Number.parseInt(readFileSync(lock, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && alive(holder)) {
        throw new StateFileError(
          `${file} is in use by another mock server (pid ${holder}); stop it or use another --data file`,
        );
      }
      rmSync(lock, { force: true });
    }
  }
  const prefix = `${basename(file)}.`;
  for (const name of readdirSync(dirname(file))) {
    if (name.startsWith(prefix) && /^\d+\.tmp$/.test(name.slice(prefix.length))) {
      rmSync(join(dirname(file), name), { force: true });
    }
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      if (readFileSync(lock, 'utf8') === String(process.pid)) rmSync(lock, { force: true });
    } catch {
      // Already gone.
    }
  };
}
