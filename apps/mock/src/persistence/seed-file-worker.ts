import { parentPort, workerData } from 'node:worker_threads';
import { FileBuild, rowWriter } from './format.ts';
import type { SeedMessage, SeedReply } from './seed-file.ts';

// The worker thread of `seedStateFile` (seed-file.ts): builds the new file from what the seeding
// thread sends, while that thread goes on seeding. Nothing here but SQLite.
const port = parentPort;
if (!port) throw new Error('seed-file-worker.ts runs as a worker thread');
const reply = (message: SeedReply) => port.postMessage(message);
let build: FileBuild | undefined;
try {
  build = new FileBuild((workerData as { file: string }).file);
} catch (error) {
  reply({ error: error instanceof Error ? error.message : String(error) });
}
const items = build?.items.bulk();
const rows = build ? rowWriter(build.db) : undefined;
port.on('message', (message: SeedMessage) => {
  if (!build || !items || !rows) return;
  try {
    if ('items' in message) items.put(message.items, message.values);
    else if ('itemsEnd' in message) {
      items.end();
      build.flush();
    } else if ('rows' in message) rows.add(message.rows);
    else {
      rows.end();
      build.end();
      build = undefined;
      reply({ done: true });
      port.close();
    }
  } catch (error) {
    build?.abandon();
    build = undefined;
    reply({ error: error instanceof Error ? error.message : String(error) });
    port.close();
  }
});
