import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { inject } from 'vitest';

const appDir = new URL('..', import.meta.url).pathname;
const children: ChildProcess[] = [];

/**
 * Signals the mock's whole process group: through the tsx command the mock is tsx's child, which a
 * signal to tsx alone would leave running (holding its port and --data lock) once tsx is killed.
 */
function signal(child: ChildProcess, name: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, name);
  } catch {
    child.kill(name);
  }
}

/** Kills what the test started; test/setup.ts runs it after each test, so one that fails half-way leaves no mock (nor its --data lock). */
export function killChildren(): void {
  for (const child of children.splice(0)) signal(child, 'SIGKILL');
}

export interface MockChild {
  child: ChildProcess;
  /** What it printed up to and including its start-up lines. */
  lines: string[];
  baseUrl: string;
  /** What it has written to stderr so far. */
  stderr(): string;
}

/**
 * Starts the mock on port 0 and resolves once it listens (after its three start-up lines): the run's
 * bundle of src/main.ts (test/global-setup.ts; `--import tsx` when there is none), or (`cli`) the
 * source through the tsx command as `pnpm dev` does, or (`built`) another main.js from
 * scripts/build.mjs; `nodeArgs` go to node first. Rejects with its stderr if it exits first.
 */
export function startMock(
  args: string[],
  { cli = false, built, nodeArgs = [] }: { cli?: boolean; built?: string; nodeArgs?: string[] } = {},
): Promise<MockChild> {
  const bundle = built ?? (cli ? undefined : inject('mockBundle'));
  const entry = bundle
    ? [bundle]
    : [...(cli ? [createRequire(import.meta.url).resolve('tsx/cli')] : ['--import', 'tsx']), 'src/main.ts'];
  const child = spawn(process.execPath, [...nodeArgs, ...entry, '--port', '0', '--quiet', ...args], {
    cwd: appDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so the group can be signalled (see `signal`).
    detached: true,
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    const lines: string[] = [];
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.once('exit', (code) => reject(new Error(`mock exited with ${code}: ${stderr}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      lines.push(line);
      // Notices (a converted or reseeded --data file) come before the listening line.
      const at = lines.findIndex((l) => l.startsWith('Cohort mock server listening on '));
      const url = /^Cohort mock server listening on (http:\/\/\S+)$/.exec(lines[at] ?? '')?.[1];
      if (url && lines.length === at + 3) resolve({ child, lines, baseUrl: url, stderr: () => stderr });
    });
  });
}

/** Ends the process as a crash would (`kill -9`: no handler runs, nothing is flushed) and waits for it. */
export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signal(child, 'SIGKILL');
  await exited;
}

/** Ends the process with SIGTERM (its own shutdown runs) and waits for it. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signal(child, 'SIGTERM');
  await exited;
}
