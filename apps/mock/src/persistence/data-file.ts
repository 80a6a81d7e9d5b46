import {
  closeSync,
  existsSync,
  linkSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { State } from '../store/types.ts';
import { stateFileProblem } from './state-check.ts';

/** A `--data` file the mock will not use; `message` is the one line to print (it names the file). */
export class StateFileError extends Error {
  override readonly name = 'StateFileError';
}

/**
 * The state in a `--data` file of the older JSON format (version 1), or undefined when there is
 * none. `--data` is SQLite now (open.ts), which converts such a file once, after this check. A file that is not JSON, or not the
 * shape the store needs, is refused whole (never half-loaded) with the first bad field named; the
 * file is not touched.
 */
export function readStateFile(file: string): State | undefined {
  if (!existsSync(file)) return undefined;
  const refuse = (why: string) =>
    new StateFileError(
      `${file} is not a usable Cohort state file: ${why} (fix it, move it aside, or use another --data file)`,
    );
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw refuse(`cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (text.trim() === '') throw refuse('empty, not JSON');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw refuse(`not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const version = (parsed as { version?: unknown } | null)?.version;
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && 'version' in parsed && version !== 1) {
    throw refuse(`unknown state version ${JSON.stringify(version)} (this mock reads version 1)`);
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

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The lock's text, or undefined when it is gone. */
const readLock = (lock: string) => {
  try {
    return readFileSync(lock, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

/**
 * Makes this process the file's only writer: `<file>.lock`, created with `wx`, holds our pid. A
 * live holder is refused by pid (two servers on one file would lose each other's writes); a dead
 * one's lock is taken over. Then the temp files a killed writer left behind are removed (no one
 * else writes this file now). Returns `release`, which removes the lock if it is still ours.
 */
export function lockStateFile(file: string): () => void {
  const lock = `${file}.lock`;
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      const fd = openSync(lock, 'wx');
      try {
        writeSync(fd, String(process.pid));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (Date.now() > deadline) {
      throw new StateFileError(
        `${file} is locked (${lock}) and the lock could not be taken; is another mock server starting?`,
      );
    }
    const text = readLock(lock);
    if (text === undefined) continue; // its holder just released it: try again
    const holder = /^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined;
    if (holder !== undefined && holder !== process.pid && alive(holder)) {
      throw new StateFileError(
        `${file} is in use by another mock server (pid ${holder}); stop it or use another --data file (if pid ${holder} is not a mock server, delete ${lock})`,
      );
    }
    if (holder === undefined) {
      // No pid yet: another server may be between creating the lock and writing its pid.
      let age = 0;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {}
      if (age < 2_000) {
        sleep(25);
        continue;
      }
    }
    // Stale. Move it aside under a name only we use, so that of two servers taking it over at once
    // only one removes it; if what we moved is no longer the stale lock, it is the winner's: put it back.
    const aside = `${lock}.${process.pid}.stale`;
    try {
      renameSync(lock, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    if (readLock(aside) !== text) {
      try {
        linkSync(aside, lock);
      } catch {}
    }
    rmSync(aside, { force: true });
  }
  const prefix = `${basename(file)}.`;
  for (const name of readdirSync(dirname(file))) {
    if (name.startsWith(prefix) && /^\d+\.tmp(?:-journal|-wal|-shm)?$/.test(name.slice(prefix.length))) {
      rmSync(join(dirname(file), name), { force: true });
    }
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      if (readLock(lock) === String(process.pid)) rmSync(lock, { force: true });
    } catch {
      // Unreadable now: it stays, and the next start finds our pid dead and takes it over.
    }
  };
}
