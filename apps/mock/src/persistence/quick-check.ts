import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { Database } from './driver.ts';

/** What the check found: its first problem, on one line, or undefined when the file is sound. */
export type QuickCheckResult = string | undefined;

/**
 * SQLite's own check of every page and index (`PRAGMA quick_check`): rows read fine through a
 * damaged index, which then fails the first write. The first problem it names, or undefined.
 */
export function quickCheck(db: Database): QuickCheckResult {
  try {
    return problemOf(db.pragma('quick_check(1)', { simple: true }));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function problemOf(found: unknown): QuickCheckResult {
  if (found === 'ok') return undefined;
  // Its report starts with a '*** in database main ***' line: the problem is what follows, on one line.
  return String(found)
    .replace(/^\*\*\*.*?\*\*\*\s*/, '')
    .replace(/\s+/g, ' ');
}

// Plain CommonJS, so the thread starts without tsx: it opens the file read-only, checks it and says what it found.
const CHECK_THREAD = `
const { workerData } = require('node:worker_threads');
const { port, shared, driver, file } = workerData;
let reply;
let Driver;
try {
  Driver = require(driver);
} catch {
  reply = { unavailable: true };
}
if (!reply) {
  try {
    const db = new Driver(file, { readonly: true, fileMustExist: true });
    try {
      reply = { found: db.pragma('quick_check(1)', { simple: true }) };
    } finally {
      db.close();
    }
  } catch (error) {
    reply = { failed: error && error.message ? error.message : String(error) };
  }
}
port.postMessage(reply);
const flag = new Int32Array(shared);
Atomics.store(flag, 0, 1);
Atomics.notify(flag, 0);
`;

type Reply = { unavailable: true } | { found: unknown } | { failed: string };

/**
 * Starts the quick check of `file` on a thread of its own, so it reads the file while this thread
 * reads the rows (it reads every page, the items' tables too: 0.7 s at 100,000 users). `result`
 * waits for it; `fallback` runs the check here when the thread could not load the driver; `stop`
 * ends a check whose answer is no longer needed.
 */
export function startQuickCheck(
  file: string,
  fallback: () => QuickCheckResult,
): { result: () => QuickCheckResult; stop: () => void } {
  const shared = new SharedArrayBuffer(4);
  const { port1, port2 } = new MessageChannel();
  let worker: Worker;
  try {
    worker = new Worker(CHECK_THREAD, {
      eval: true,
      execArgv: [],
      workerData: { port: port2, shared, driver: createRequire(import.meta.url).resolve('better-sqlite3'), file },
      transferList: [port2],
    });
  } catch {
    port1.close();
    return { result: fallback, stop: () => {} };
  }
  worker.unref();
  const stop = () => {
    port1.close();
    void worker.terminate();
  };
  return {
    result: () => {
      // The thread sets the flag whatever it finds; one that died first is waited for no longer than this.
      Atomics.wait(new Int32Array(shared), 0, 0, 120_000);
      const reply = receiveMessageOnPort(port1)?.message as Reply | undefined;
      stop();
      if (!reply || 'unavailable' in reply) return fallback();
      return 'failed' in reply ? reply.failed : problemOf(reply.found);
    },
    stop,
  };
}
