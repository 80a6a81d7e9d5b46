import { type ChildProcess, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/** A server the bench started and must stop: every one is tracked until stopped. */
export interface ChildServer {
  name: string;
  /** The base URL the server printed, e.g. http://127.0.0.1:41234. */
  url: string;
  /** Milliseconds from spawn to the ready line. */
  readyMs: number;
  /** The spawned process's id (for /proc/<pid>/status). */
  pid: number;
  /** Everything it printed so far (stdout and stderr), for error messages. */
  output: () => string;
  /** Resolves with the first match of `pattern` in what the server printed, or rejects after `timeoutMs`. */
  waitForOutput: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpExecArray>;
  stop: () => Promise<void>;
}

export interface StartOptions {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Matches the line that says the server is ready; group 1 is its base URL (or use `url`). */
  ready?: RegExp;
  /** For a server that prints nothing when ready: its base URL, polled until it answers at all. */
  url?: string;
  timeoutMs?: number;
}

const running = new Set<ChildProcess>();

/** Spawns a server in its own process group and resolves once it prints its ready line. */
export function startServer(options: StartOptions): Promise<ChildServer> {
  const started = performance.now();
  // Own process group, so stopping it also stops what it spawned (pnpm, vite, tsx workers).
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const stop = () => stopChild(child);

  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      void stop();
      reject(new Error(`${options.name} was not ready after ${options.timeoutMs ?? 60_000} ms:\n${tail(output)}`));
    }, options.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Only the last 64 KB are kept: a chatty server (Prism logs every request) must not grow memory.
      if (output.length > 65_536) output = output.slice(-65_536);
      const match = options.ready?.exec(output);
      if (match) onReady(match[1]);
    };
    const onReady = (printedUrl: string | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      // Keep collecting (and so draining the pipes: a chatty child must never block on a full pipe).
      const collect = (more: Buffer) => {
        output = `${output}${more.toString()}`.slice(-65_536);
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      const url = options.url ?? printedUrl;
      if (!url) {
        void stop();
        reject(new Error(`${options.name}: the ready line carried no URL`));
        return;
      }
      const waitForOutput = async (pattern: RegExp, timeoutMs = 5_000) => {
        const deadline = performance.now() + timeoutMs;
        for (;;) {
          const found = pattern.exec(output);
          if (found) return found;
          if (performance.now() > deadline)
            throw new Error(`${options.name} never printed ${pattern}:\n${tail(output)}`);
          await new Promise((wake) => setTimeout(wake, 20));
        }
      };
      const readyMs = performance.now() - started;
      resolve({ name: options.name, url, readyMs, pid: child.pid ?? 0, output: () => output, waitForOutput, stop });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    if (!options.ready && options.url)
      void poll(
        options.url,
        () => settled || child.exitCode !== null,
        () => onReady(undefined),
      );
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${options.name} could not start: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new Error(`${options.name} exited (${signal ?? code}) before it was ready:\n${tail(output)}`));
    });
  });
}

async function poll(url: string, givenUp: () => boolean, ready: () => void): Promise<void> {
  while (!givenUp()) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1_000) });
      ready();
      return;
    } catch {
      await new Promise((wake) => setTimeout(wake, 100));
    }
  }
}

/**
 * Runs a command to completion (e.g. the web build), tracked like a server so that an interrupted
 * bench stops it too; resolves with its wall time in ms, rejects with the tail of its output.
 */
export function runCommand(name: string, command: string, args: string[], cwd?: string): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output = `${output}${chunk.toString()}`.slice(-65_536);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return new Promise((resolve, reject) => {
    child.once('error', (error) => {
      running.delete(child);
      reject(new Error(`${name} could not start: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      running.delete(child);
      if (code === 0) resolve(performance.now() - started);
      else
        reject(
          new Error(`${name} failed (${signal ?? `exit ${code}`}): ${tail(output).split('\n').slice(-8).join(' ')}`),
        );
    });
  });
}

/** SIGTERM to the child's process group, SIGKILL after 5 s; resolves when it has exited. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(child.pid, 'SIGTERM');
  const killer = setTimeout(() => child.pid !== undefined && signalGroup(child.pid, 'SIGKILL'), 5_000);
  await exited;
  clearTimeout(killer);
}

/** Stops every server still running; called in `finally` and on signals. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => stopChild(child)));
}

/** Synchronous last resort for process exit, when awaiting is no longer possible. */
export function killAllNow(): void {
  for (const child of running) if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

function tail(text: string): string {
  return text.split('\n').slice(-15).join('\n');
}
