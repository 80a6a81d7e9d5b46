import { openStream, type StreamPath } from '@cohort/api';
import type { SessionInfo } from '../../src/engine/sessions.ts';
import type { JournalEntry } from '../../src/tools/journal.ts';
import type { Mail } from '../../src/tools/mail.ts';

export type { JournalEntry, Mail, SessionInfo };

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
  ) {
    super(message);
  }
}

/** One `/__mock` call on the panel's own origin; a state change is sent as JSON (the endpoints require it). */
export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/__mock/${path}`, {
    method,
    headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (!res.ok || !envelope?.success) {
    const errors = envelope?.errors ?? {};
    const named = Object.entries(errors).map(([field, list]) => `${field} ${list.join(', ')}`);
    throw new CallError([envelope?.message ?? `HTTP ${res.status}`, ...named].join(' — '), errors);
  }
  return envelope.data;
}

export const api = {
  sessions: () => call<SessionInfo[]>('GET', 'sessions'),
  makeSession: (name: string, preset: string) => call<SessionInfo>('POST', 'sessions', { name, preset }),
  dropSession: (name: string) => call<unknown>('DELETE', `sessions/${encodeURIComponent(name)}`),
  clock: () => call<{ now: string; offset_ms: number }>('GET', 'clock'),
  advance: (ms: number) => call<{ now: string; offset_ms: number }>('POST', 'clock', { advance_ms: ms }),
  mail: () => call<Mail[]>('GET', 'mail'),
  clearJournal: () => call<null>('DELETE', 'requests'),
};

export async function webOrigin(): Promise<string> {
  const res = await fetch('/__mock/ui/app.json');
  return ((await res.json()) as { webOrigin: string }).webOrigin;
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
    { baseUrl: location.origin, backoffMs: { min: 500, max: 5000 } },
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
