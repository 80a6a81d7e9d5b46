/**
 * The upload ceiling: bare node:http streaming each request body to a file on disk (no parsing,
 * no type check), answering 201. Run as `tsx upload-server.ts <folder>`; prints its URL.
 */
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

const folder = process.argv[2];
if (!folder) throw new Error('usage: upload-server.ts <folder>');
let n = 0;
const server = createServer((req, res) => {
  const path = join(folder, `upload-${++n}`);
  pipeline(req, createWriteStream(path)).then(
    () => {
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"success":true}');
    },
    () => {
      res.writeHead(500).end();
    },
  );
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`listening on http://127.0.0.1:${address.port}`);
});
