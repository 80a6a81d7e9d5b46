import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import os from 'node:os';
import type { Machine } from './report.ts';

export function describeMachine(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown CPU',
    cores: cpus.length,
    memoryGiB: os.totalmem() / 1024 ** 3,
    node: process.version,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
  };
}

/** A loopback port that was free a moment ago, for servers that cannot take --port 0 (Prism, vite preview). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The commit being measured, so RESULTS.md says which code its figures belong to; undefined outside git. */
export function describeRevision(cwd: string): { commit: string; dirty: boolean } | undefined {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
    return {
      commit: git('rev-parse', '--short', 'HEAD'),
      dirty: git('status', '--porcelain', '--untracked-files=no') !== '',
    };
  } catch {
    return undefined;
  }
}
