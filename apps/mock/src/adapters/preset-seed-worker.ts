import { parentPort, workerData } from 'node:worker_threads';
import { approxBytes } from '../lib/approx-bytes.ts';
import { type PresetJob, presetState } from '../scenarios/session.ts';
import { type PresetPart, stateParts } from './preset-seeder.ts';

// The worker thread of `presetSeedWorker` (preset-seeder.ts): seeds one preset, then sends its state
// a part at a time, the next when asked, so the server's thread takes it in between requests.
const port = parentPort;
if (!port) throw new Error('preset-seed-worker.ts runs as a worker thread');
const send = (part: PresetPart) => port.postMessage(part);
try {
  const state = presetState(workerData as PresetJob);
  const bytes = approxBytes(state);
  const parts = stateParts(state);
  const next = () => {
    const { value, done } = parts.next();
    send(done ? { done: true, bytes } : value);
  };
  port.on('message', next);
  next();
} catch (error) {
  send({ error: error instanceof Error ? error.message : String(error) });
}
