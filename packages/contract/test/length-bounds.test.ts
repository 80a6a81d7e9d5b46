import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConformanceOptions, runConformance } from '../src/index.ts';
import { cell } from './helpers.ts';
import { fakingProxy, startMock } from './mock.ts';

// Length bounds, both sides: a string at its maxLength is accepted, one past it is a 422 naming
// the field, and an array one past its maxItems (each item valid, all distinct) is refused.
let mock: { url: string; stop(): void };
beforeAll(async () => {
  mock = await startMock();
});
afterAll(() => mock?.stop());

/** Runs the checker with a fetch that notes every JSON body it sends and the status it got. */
async function run(baseUrl: string, options: Partial<ConformanceOptions>) {
  const sent: { method: string; path: string; body: Record<string, unknown>; status: number }[] = [];
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (typeof init?.body === 'string' && init.body.startsWith('{')) {
      try {
        const path = new URL(String(input instanceof Request ? input.url : input)).pathname;
        sent.push({ method: init.method ?? 'GET', path, body: JSON.parse(init.body), status: response.status });
      } catch {
        // Not JSON (the malformed-body probe).
      }
    }
    return response;
  };
  const result = await runConformance({ baseUrl, include: 'all', fuzz: 0, seed: 5, fetch: recording, ...options });
  return { result, sent };
}

const OPERATIONS = ['storeNote', 'storeChannel', 'addChannelMembers', 'sendMessage'];

describe('length bounds against the real mock', () => {
  it('accepts every text field at its maxLength and refuses one character or one item more, naming the field', async () => {
    const { result, sent } = await run(mock.url, { operations: OPERATIONS });
    expect(result.failures).toEqual([]);
    for (const op of OPERATIONS) {
      expect(cell(result, op, 'negative_data_rejection')?.status, op).toBe('pass');
      expect(cell(result, op, 'positive_data_acceptance')?.status, op).toBe('pass');
    }
    const channels = sent.filter((s) => s.path === '/api/v1/users/channels/store');
    // 1,001 distinct well-formed ids (the same id repeated would only test uniqueItems): refused.
    const tooMany = channels.find((s) => Array.isArray(s.body.users) && s.body.users.length === 1001);
    expect(new Set(tooMany?.body.users as string[]).size).toBe(1001);
    expect(tooMany?.status).toBe(422);
    const members = sent.find(
      (s) => s.path.endsWith('/members') && (s.body.user_ids as unknown[] | undefined)?.length === 1001,
    );
    expect(members?.status).toBe(422);
    // At the bound: a 100-character group name and a 4,000-character message are created.
    expect(channels.find((s) => String(s.body.name).length === 100)?.status).toBe(201);
    expect(channels.find((s) => String(s.body.name).length === 101)?.status).toBe(422);
    const messages = sent.filter((s) => s.path.endsWith('/messages'));
    expect(messages.find((s) => String(s.body.message).length === 4000)?.status).toBe(201);
    expect(messages.find((s) => String(s.body.message).length === 4001)?.status).toBe(422);
  });
});

/** The body as JSON, or {} (the checker also sends a body that is not JSON). */
function parse(body: string): Record<string, unknown> {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return {};
  }
}

const error = (field: string) => ({
  status: 422,
  body: { success: false, message: 'The given data was invalid.', errors: { [field]: ['is too long'] } },
});
const created = (data: Record<string, unknown>) => ({ status: 201, body: { success: true, message: 'OK', data } });

describe('length bounds against servers that get them wrong', () => {
  it('fails a server whose column is shorter than the contract (a 200-character title refused)', async () => {
    const proxy = await fakingProxy(mock.url, (method, url, body) => {
      if (method !== 'POST' || !url.endsWith('/notes/store')) return undefined;
      const title = (parse(body) as { title?: unknown }).title;
      return typeof title === 'string' && title.length > 100 ? error('title') : undefined;
    });
    try {
      const { result } = await run(proxy.url, { operations: ['storeNote'] });
      expect(cell(result, 'storeNote', 'positive_data_acceptance')?.status).toBe('fail');
      const failure = result.failures.find((f) => f.code === 'positive_data_acceptance');
      expect(failure?.message).toBe('title at its maxLength (200 characters) was refused with 422');
      expect(failure?.curl).toMatch(/^curl .*notes\/store/);
    } finally {
      proxy.server.close();
    }
  });

  it('fails a server that stores a title one character past maxLength', async () => {
    const proxy = await fakingProxy(mock.url, (method, url, body) => {
      if (method !== 'POST' || !url.endsWith('/notes/store')) return undefined;
      const note = parse(body) as { title?: unknown };
      return typeof note.title === 'string' && note.title.length > 200
        ? created({ id: 1, title: note.title, note: 'n', date: '2026-01-01' })
        : undefined;
    });
    try {
      const { result } = await run(proxy.url, { operations: ['storeNote'] });
      const failure = result.failures.find(
        (f) => f.code === 'negative_data_rejection' && /title breaks maxLength/.test(f.message),
      );
      expect(failure?.message).toMatch(/title breaks maxLength \(201 chars\) was accepted 201; expected 422/);
    } finally {
      proxy.server.close();
    }
  });

  it('fails a server that creates a group with 1,001 people in one request', async () => {
    const proxy = await fakingProxy(mock.url, (method, url, body) => {
      if (method !== 'POST' || !url.endsWith('/users/channels/store')) return undefined;
      const input = parse(body) as { users?: unknown[] };
      return (input.users?.length ?? 0) > 1000
        ? created({ id: 'chan_Accepted0000000000', name: 'G', description: '', tags: [], is_closed: false, users: [] })
        : undefined;
    });
    try {
      const { result } = await run(proxy.url, { operations: ['storeChannel'] });
      expect(cell(result, 'storeChannel', 'negative_data_rejection')?.status).toBe('fail');
      const failure = result.failures.find((f) => f.code === 'negative_data_rejection');
      expect(failure?.message).toMatch(/users with 1001 items \(maxItems 1000\) was accepted 201; expected 422/);
    } finally {
      proxy.server.close();
    }
  });

  it('fails a server that refuses 1,001 people without naming the field', async () => {
    const proxy = await fakingProxy(mock.url, (method, url, body) => {
      if (method !== 'POST' || !/\/channels\/[^/]+\/members$/.test(url)) return undefined;
      const input = parse(body) as { user_ids?: unknown[] };
      return (input.user_ids?.length ?? 0) > 1000 ? error('body') : undefined;
    });
    try {
      const { result } = await run(proxy.url, { operations: ['addChannelMembers'] });
      const failure = result.failures.find((f) => f.code === 'negative_data_rejection');
      expect(failure?.message).toMatch(/user_ids with 1001 items \(maxItems 1000\): the 422 does not name user_ids/);
    } finally {
      proxy.server.close();
    }
  });
});
