import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { State } from './store/types.ts';

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

export function readStateFile(file: string): State | undefined {
  if (!existsSync(file)) return undefined;
  const state = JSON.parse(readFileSync(file, 'utf8')) as State;
  if (state.version !== 1) throw new Error(`${file}: unknown state version ${String(state.version)}`);
  return state;
}
