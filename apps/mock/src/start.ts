import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The mock's command-line entry (what `pnpm dev` runs), for tools that start it as a process. */
export const mockMainPath = fileURLToPath(new URL('./main.ts', import.meta.url));
const tsxLoader = import.meta.resolve('tsx');

export interface StartedMock {
  /** `http://127.0.0.1:<port>` */
  url: string;
  child: ChildProcess;
  /** Stops it (SIGTERM) and resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts the mock exactly as a developer runs it (node + tsx on its source, port 0, quiet) with
 * extra flags, and resolves once it listens. Its stderr goes to this process's; a mock that exits
 * first, or does not listen within `timeoutMs`, rejects with what it printed. `built` runs a
 * bundle from scripts/build.mjs (its main.js) instead: no compile of the source at each start.
 */
export function startMock(
  args: string[] = [],
  { timeoutMs = 60_000, built }: { timeoutMs?: number; built?: string } = {},
): Promise<StartedMock> {
  const entry = built ? [built] : ['--import', tsxLoader, mockMainPath];
  const child = spawn(process.execPath, [...entry, '--port', '0', '--quiet', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }
    });
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the mock did not listen within ${timeoutMs} ms:\n${seen}`));
    }, timeoutMs);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`the mock exited (${code}) before listening:\n${seen}`));
    };
    child.once('exit', onExit);
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(seen);
      if (match?.[1]) {
        clearTimeout(timer);
        child.off('exit', onExit);
        // Keep draining its output so it never blocks on a full pipe.
        child.stdout?.removeAllListeners('data');
        child.stdout?.resume();
        resolve({ url: match[1], child, stop });
      }
    });
  });
}
