import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, seedState } from '../src/seed/index.ts';
import { mockControl } from '../src/tools/testing.ts';
import { startServer, validateResponse } from './helpers.ts';

/** A seed whose demo account has a note with a number for a title: `listNotes` then drifts from the contract. */
function driftingState() {
  const state = seedState({ users: 60, channels: 12 });
  const demo = state.users.find((u) => u.email === DEMO_ACCOUNT.email);
  const note = state.notes.find((n) => n.user_id === demo?.id);
  if (!demo || !note) throw new Error('the seed gives the demo account notes');
  (note as { title: unknown }).title = 42;
  return { state, demoId: demo.id, noteIndex: 0 };
}

async function drifting(checkResponses: 'off' | 'log' | 'strict') {
  const { state, demoId } = driftingState();
  const logged: string[] = [];
  const server = await startServer({ state, options: { checkResponses, onViolation: (line) => logged.push(line) } });
  const token = await server.login();
  const notes = () =>
    fetch(`${server.baseUrl}/api/v1/users/me/notes/${demoId}`, { headers: { authorization: `Bearer ${token}` } });
  return { server, logged, notes, mock: mockControl(server.baseUrl) };
}

describe('the drift alarm (--check-responses)', () => {
  it('lists a violation once per operation and pointer, counting repeats, and logs it once', async () => {
    const { server, logged, notes, mock } = await drifting('log');
    try {
      const first = await notes();
      // Logged, not refused: the drifting answer still goes out.
      expect(first.status).toBe(200);
      expect(validateResponse('listNotes', 200, await first.json()).join('\n')).toMatch(/title/);
      await notes();
      await notes();
      const violations = await mock.violations();
      expect(violations).toHaveLength(1);
      expect(violations[0]).toMatchObject({ operationId: 'listNotes', status: 200, count: 3 });
      expect(violations[0]?.pointer).toMatch(/^\/data\/\d+\/title$/);
      expect(violations[0]?.message).toMatch(/string/);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/^Contract drift: listNotes 200 \/data\/\d+\/title must be string/);
      // Conforming answers add nothing.
      await fetch(`${server.baseUrl}/api/v1/general/get-all-resource/?resource=Club`);
      expect(await mock.violations()).toHaveLength(1);
      await mock.clearViolations();
      expect(await mock.violations()).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('names the schema keyword and the latest request that showed it, by its journal entry', async () => {
    const { server, notes, mock } = await drifting('log');
    try {
      await notes();
      await notes();
      const [entry] = await mock.requests('listNotes', { limit: 1 });
      const [violation] = await mock.violations();
      expect(violation).toMatchObject({ keyword: 'type', side: 'engine' });
      expect(violation?.request).toEqual({
        seq: entry?.seq,
        method: 'GET',
        path: entry?.path,
        session: null,
      });
      expect((await mock.requests('listNotes')).length).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('--strict answers a violation as a 500 carrying the diagnostics', async () => {
    const { server, notes, mock } = await drifting('strict');
    try {
      const res = await notes();
      expect(res.status).toBe(500);
      const body = (await res.json()) as { success: boolean; message: string; errors: Record<string, string[]> };
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/200 answer to listNotes does not match the contract/);
      const [field, ...others] = Object.keys(body.errors);
      expect(others).toEqual([]);
      expect(field).toMatch(/^response\/data\/\d+\/title$/);
      expect(body.errors[field ?? '']).toEqual(['must be string']);
      // The 500 is itself the contract's error envelope (5XX is declared everywhere).
      expect(validateResponse('listNotes', 500, body)).toEqual([]);
      expect(await mock.violations()).toMatchObject([{ operationId: 'listNotes', count: 1 }]);
      // Answers that conform go out as they are.
      expect((await fetch(`${server.baseUrl}/api/v1/general/get-all-resource/?resource=Club`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('checks overrides too, and error answers: a conforming one passes under --strict', async () => {
    const { server, mock } = await drifting('strict');
    try {
      await mock.override('listResources', 503, undefined, { times: 1 });
      expect((await fetch(`${server.baseUrl}/api/v1/general/get-all-resource/?resource=Club`)).status).toBe(503);
      const bad = await fetch(`${server.baseUrl}/api/v1/general/get-all-resource/?resource=Nope`);
      expect(bad.status).toBe(422);
      expect(await mock.violations()).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('is off by default: nothing is checked or listed', async () => {
    const { server, notes, mock } = await drifting('off');
    try {
      expect((await notes()).status).toBe(200);
      const res = await fetch(`${server.baseUrl}/__mock/violations`);
      expect(await res.json()).toMatchObject({ data: [], message: expect.stringContaining('--check-responses') });
      expect(await mock.violations()).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
