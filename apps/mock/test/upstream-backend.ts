/**
 * A stand-in for a half-built backend, for `--upstream` tests (the mock's, the web app's, the bench):
 * a small Express app that implements sign-in, `getMe` and the notes list and create, answers 501
 * for `listMyChannels`, has no route for anything else (Express's own HTML 404), and streams
 * `streamMe` in steps the test releases. `drift` makes its notes list break the contract.
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { DEMO_ACCOUNT, SEEDED_PASSWORD } from '../src/seed/index.ts';

export interface StandInBackend {
  url: string;
  /** The backend's own id for the demo account (not the mock's). */
  userId: string;
  /** Every request it got: method, path and query, headers as received. */
  seen: { method: string; url: string; headers: Record<string, string | string[] | undefined>; body: unknown }[];
  /** Lets the open `streamMe` streams send their second event and end. */
  release(): void;
  /** Signs the demo account in, as a client would: the backend's token. */
  login(): Promise<string>;
  close(): Promise<void>;
}

export interface StandInOptions {
  /** The notes list leaves out each note's required `date`. */
  drift?: boolean;
  /** Every answer waits this long (the bench's 10 ms backend). */
  delayMs?: number;
  /** The demo account's id here: a backend holding the same people as the mock's seed uses the seed's. */
  userId?: string;
  /** Whether it serves `streamMe` (default true); without, the mock's engine does. */
  stream?: boolean;
  port?: number;
}

export async function startStandInBackend(options: StandInOptions = {}): Promise<StandInBackend> {
  const USER_ID = options.userId ?? 'usr_backendDemoAccount01';
  const tokens = new Set<string>();
  const notes: { id: number; title: string; note: string; date: string }[] = [
    { id: 9001, title: 'From the backend', note: 'This note lives in the real backend.', date: '2026-12-01' },
  ];
  const seen: StandInBackend['seen'] = [];
  let releases: (() => void)[] = [];
  const now = new Date('2026-12-01T09:00:00.000Z').toISOString();
  const me = {
    id: USER_ID,
    email: DEMO_ACCOUNT.email,
    first_name: 'Backend',
    last_name: 'Person',
    profile_image: null,
    description: null,
    university: DEMO_ACCOUNT.university,
    graduation_year: 2026,
    emails: [],
    created_at: now,
    updated_at: now,
  };
  const fail = (res: express.Response, status: number, message: string) =>
    res.status(status).json({ success: false, message });
  const signedIn = (req: express.Request, res: express.Response): boolean => {
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (token && tokens.has(token)) return true;
    fail(res, 401, 'Unauthenticated.');
    return false;
  };

  const app = express();
  app.disable('x-powered-by');
  app.use(express.json());
  app.use((req, _res, next) => {
    seen.push({ method: req.method, url: req.url, headers: { ...req.headers }, body: req.body });
    if (options.delayMs) setTimeout(next, options.delayMs);
    else next();
  });
  app.post('/api/v1/login', (req, res) => {
    const { email, password } = (req.body ?? {}) as { email?: string; password?: string };
    if (email !== DEMO_ACCOUNT.email || password !== SEEDED_PASSWORD)
      return fail(res, 401, 'Wrong e-mail or password.');
    const token = randomBytes(24).toString('base64url');
    tokens.add(token);
    res.json({ success: true, message: 'Signed in.', data: { access_token: token, token_type: 'Bearer' } });
  });
  app.get('/api/v1/users/me', (req, res) => {
    if (signedIn(req, res)) res.json({ success: true, message: 'OK', data: me });
  });
  app.get('/api/v1/users/me/notes/:id', (req, res) => {
    if (!signedIn(req, res)) return;
    if (req.params.id !== USER_ID) return fail(res, 404, 'No such user.');
    const list = [...notes].reverse();
    res.json({
      success: true,
      message: 'OK',
      data: options.drift ? list.map(({ date: _date, ...rest }) => rest) : list,
    });
  });
  app.post('/api/v1/users/me/notes/store', (req, res) => {
    if (!signedIn(req, res)) return;
    const { title, note, date } = req.body as { title: string; note: string; date: string };
    const stored = { id: 9001 + notes.length, title, note, date };
    notes.push(stored);
    res.status(201).json({ success: true, message: 'Note saved.', data: stored });
  });
  app.get('/api/v1/users/me/channels', (_req, res) => {
    fail(res, 501, 'Not built yet.');
  });
  app.get('/api/v1/users/me/stream', (req, res, next) => {
    if (options.stream === false) return next();
    if (!signedIn(req, res)) return;
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    res.write('event: hello\ndata: {"from":"backend"}\n\n');
    releases.push(() => {
      res.write('event: bye\ndata: {"from":"backend"}\n\n');
      res.end();
    });
  });

  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(options.port ?? 0, '127.0.0.1', () => resolve(s));
  });
  server.keepAliveTimeout = 30_000;
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    userId: USER_ID,
    seen,
    release() {
      const now = releases;
      releases = [];
      for (const go of now) go();
    },
    async login() {
      const res = await fetch(`${url}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          uniName: DEMO_ACCOUNT.university,
          email: DEMO_ACCOUNT.email,
          password: SEEDED_PASSWORD,
        }),
      });
      return ((await res.json()) as { data: { access_token: string } }).data.access_token;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const go of releases) go();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
