/**
 * The practical ceiling: a bare node:http server that answers canned responses (taken from the mock
 * once) with the same status, headers and body. It reads and discards request bodies, as any
 * server must, and does nothing else. Run as its own process: `node --import tsx bare-server.ts FILE`.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export interface CannedResponse {
  method: string;
  path: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts <canned-responses.json>');
const canned = JSON.parse(readFileSync(file, 'utf8')) as CannedResponse[];
const byRoute = new Map(
  canned.map((response) => [
    `${response.method} ${response.path}`,
    { ...response, body: Buffer.from(response.body), headers: { ...response.headers } },
  ]),
);

const server = createServer((request, response) => {
  const route = byRoute.get(`${request.method} ${request.url}`);
  request.resume();
  request.on('end', () => {
    if (!route) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false,"message":"Not found"}');
      return;
    }
    response.writeHead(route.status, { ...route.headers, 'content-length': route.body.length }).end(route.body);
  });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object')
    console.log(`Bare node:http server listening on http://127.0.0.1:${address.port}`);
});
const close = () => server.close(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);
