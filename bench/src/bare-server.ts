/**
 * Reference servers that answer canned responses (taken from the mock once) with the same status,
 * headers and body, and do nothing else: `node` (bare node:http, the practical ceiling) or
 * `express` (Express 5 with a JSON body parser, served like the mock: the floor any Express app pays). Run as its own
 * process: the bench bundles it like the mock (`buildSubjects` in subjects.ts), then
 * `node dist/bare-server.js <node|express|express-contract> <canned.json>`.
 *
 * A third mode, `express-contract`, is the reference of the start-up and throughput targets: a minimal Express 5 app
 * that loads the contract file the mock loads (parsed the same way, through `@cohort/openapi`) and
 * registers one route per operation answering 501; the canned file is ignored.
 *
 * A fourth, `slow`, is bare node:http answering each request 10 ms late: the backend the mock stands
 * in front of (`--upstream`) in the upstream part.
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

const [mode, file] = process.argv.slice(2);
if ((mode !== 'node' && mode !== 'express' && mode !== 'express-contract' && mode !== 'slow') || !file)
  throw new Error('usage: bare-server.ts <node|express|express-contract|slow> <canned.json>');
/** How late the `slow` backend answers. */
const SLOW_BACKEND_MS = 10;
const canned = (JSON.parse(readFileSync(file, 'utf8')) as CannedResponse[]).map((response) => ({
  ...response,
  body: Buffer.from(response.body),
}));
const byRoute = new Map(canned.map((response) => [`${response.method} ${response.path}`, response]));

function nodeServer(delayMs = 0) {
  return createServer((request, response) => {
    const route = byRoute.get(`${request.method} ${request.url}`);
    // The body is read to the end, as any server must before answering on a kept-alive connection.
    request.resume();
    request.on('end', () => {
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
    const answer = () => {
      if (!route) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false,"message":"Not found"}');
        return;
      }
      response.writeHead(route.status, { ...route.headers, 'content-length': route.body.length }).end(route.body);
    };
  });
}

async function expressServer() {
  // Loaded only in express mode, so the node mode's start-up (the start-up floor) pays nothing for it.
  const { default: express } = await import('express');
  const app = express();
  app.use(express.json());
  for (const route of canned) {
    const method = route.method.toLowerCase() === 'post' ? 'post' : 'get';
    // res.send, as an Express app answers: it computes the ETag the mock's responses also carry.
    const { etag: _etag, ...headers } = route.headers;
    app[method](route.path, (_request, response) => {
      response.status(route.status).set(headers).send(route.body);
    });
  }
  // Served the way the mock is (createMockServer, no prototype swap), so the gap between the two
  // is the mock's own per-request work.
  const { createMockServer } = await import('@cohort/mock/server');
  return createMockServer(app);
}

async function expressContractServer() {
  const [{ default: express }, { createServer }, { listOperations, loadContract }] = await Promise.all([
    import('express'),
    import('node:http'),
    import('@cohort/openapi'),
  ]);
  const app = express();
  app.use(express.json());
  for (const operation of listOperations(loadContract())) {
    // {id} → :id, Express 5's parameter syntax.
    const path = operation.path.replace(/\{([^}]+)\}/g, ':$1');
    app[operation.method as 'get' | 'post' | 'put' | 'patch' | 'delete'](path, (_request, response) => {
      response.status(501).json({ success: false, message: `${operation.operationId} is not implemented` });
    });
  }
  return createServer(app);
}

const server =
  mode === 'node'
    ? nodeServer()
    : mode === 'slow'
      ? nodeServer(SLOW_BACKEND_MS)
      : mode === 'express'
        ? await expressServer()
        : await expressContractServer();
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object')
    console.log(`Reference ${mode} server listening on http://127.0.0.1:${address.port}`);
});
const close = () => server.close(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);
