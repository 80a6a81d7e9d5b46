import { openStream, type StreamPath } from '@cohort/api';
import type { SessionInfo } from '../../src/engine/sessions.ts';
import { tabBridgeFetch } from '../../src/platform/tab-bridge.ts';
import type { Expired, ExpiryKind } from '../../src/store/expiry.ts';
import type { JournalEntry } from '../../src/tools/journal.ts';
import type { Mail } from '../../src/tools/mail.ts';
import type { Override } from '../../src/tools/overrides.ts';
import type { UpstreamRow } from '../../src/tools/upstream-report.ts';
import type { Violation } from '../../src/tools/violations.ts';
import type { Doc } from './schema.ts';

export type { Expired, ExpiryKind, JournalEntry, Mail, Override, SessionInfo, UpstreamRow, Violation };

/** What `POST /__mock/clock` answers: the new time and what the advance made expire. */
export interface Advanced {
  now: string;
  offset_ms: number;
  advanced_ms: number;
  expired: Expired[];
  counts: Record<ExpiryKind, number>;
  truncated: boolean;
}

/** What a session made from a scenario file answers besides the session: its replayed records. */
export type FileSession = SessionInfo & {
  records?: { replayed: number; skipped: unknown[]; differed: unknown[] };
};

interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
  errors?: Record<string, string[]>;
}

/** A failed call, with the envelope's message and the fields it names. */
export class CallError extends Error {
  constructor(
    message: string,
    readonly errors: Record<string, string[]> = {},
    readonly status = 0,
  ) {
    super(message);
  }
}

/** What `app.json` beside the panel says: the web app's origin, and `engine: "tab"` in the offline demo. */
interface PanelInfo {
  webOrigin: string;
  engine?: 'tab';
}

let info: Promise<PanelInfo> | undefined;
const panelInfo = () => {
  info ??= fetch(new URL('app.json', location.href)).then(
    async (res) => (res.ok ? ((await res.json()) as PanelInfo) : { webOrigin: '' }),
    () => ({ webOrigin: '' }),
  );
  return info;
};

let bridged: typeof fetch | undefined;
/** How the panel reaches the mock: HTTP on its own origin, or in the offline demo the app tab's engine over the tab bridge. */
async function mockFetch(input: string, init?: RequestInit): Promise<Response> {
  if ((await panelInfo()).engine !== 'tab') return fetch(input, init);
  bridged ??= tabBridgeFetch();
  return bridged(input, init);
}

/** One `/__mock` call on the panel's own origin; a state change is sent as JSON (the endpoints require it). */
export async function call<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  return (await callFor<T>(method, path, body, headers)).data;
}

/** The whole envelope: its message says more than the data for some (the drift alarm off). */
async function callFor<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ data: T; message: string }> {
  const res = await mockFetch(`/__mock/${path}`, {
    method,
    headers: method === 'GET' ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (!res.ok || !envelope?.success) {
    const errors = envelope?.errors ?? {};
    const named = Object.entries(errors).map(([field, list]) => `${field} ${list.join(', ')}`);
    throw new CallError([envelope?.message ?? `HTTP ${res.status}`, ...named].join(' — '), errors, res.status);
  }
  return { data: envelope.data, message: envelope.message };
}

export const api = {
  sessions: () => call<SessionInfo[]>('GET', 'sessions'),
  makeSession: (name: string, preset: string) => call<SessionInfo>('POST', 'sessions', { name, preset }),
  dropSession: (name: string) => call<unknown>('DELETE', `sessions/${encodeURIComponent(name)}`),
  clock: () => call<{ now: string; offset_ms: number }>('GET', 'clock'),
  advance: (ms: number) => call<Advanced>('POST', 'clock', { advance_ms: ms }),
  /** A session from a scenario document (a `--scenario` file's JSON), its records replayed. */
  makeSessionFrom: (name: string, scenario: unknown) => call<FileSession>('POST', 'sessions', { name, scenario }),
  mail: () => call<Mail[]>('GET', 'mail'),
  clearJournal: () => call<null>('DELETE', 'requests'),
  overrides: () => call<Override[]>('GET', 'overrides?all=true'),
  /** Scoped as an API request is: `X-Mock-Session` names the session; without it, the default state. */
  addOverride: (input: { operationId: string; status: number; body?: unknown; times?: number }, session: string) =>
    call<Override>('POST', 'overrides', input, session ? { 'x-mock-session': session } : {}),
  removeOverride: (id: string) => call<unknown>('DELETE', `overrides/${encodeURIComponent(id)}`),
  violations: () => callFor<Violation[]>('GET', 'violations'),
  clearViolations: () => call<unknown>('DELETE', 'violations'),
  upstream: () => call<{ url: string; operations: UpstreamRow[] }>('GET', 'upstream'),
};

/** The contract the mock serves (beside its Swagger UI). */
export async function contract(): Promise<Doc> {
  const res = await mockFetch('/openapi.json');
  if (!res.ok) throw new CallError(`The contract could not be read (HTTP ${res.status}).`, {}, res.status);
  return (await res.json()) as Doc;
}

/** The web app's origin (in the offline demo, the app beside the panel: two levels up from `__mock/ui/`). */
export async function webOrigin(): Promise<string> {
  const { webOrigin: origin } = await panelInfo();
  return origin || new URL('../../', location.href).href.replace(/\/$/, '');
}

/**
 * The journal live, over the web app's own stream reader (fetch, `Last-Event-ID` on reconnect,
 * backoff): the journal stream is not a contract path, hence the cast.
 */
export function watchJournal(
  onEntry: (entry: JournalEntry) => void,
  onState: (state: 'open' | 'down') => void,
): () => void {
  return openStream(
    {
      baseUrl: location.origin,
      backoffMs: { min: 500, max: 5000 },
      fetch: (input, init) => mockFetch(String(input), init),
    },
    '/__mock/journal/stream?since=0' as StreamPath,
    {},
    {
      onEvent: (event) => {
        if ((event as { event: string }).event === 'entry') onEntry((event as { data: unknown }).data as JournalEntry);
      },
      onOpen: () => onState('open'),
      onDown: () => onState('down'),
    },
  );
}

export { PRESETS } from '../../src/scenarios/presets.ts';
