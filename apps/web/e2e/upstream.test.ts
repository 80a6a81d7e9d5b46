import { seedState } from '@cohort/mock';
import { mockControl } from '@cohort/mock/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandInBackend, startStandInBackend } from '../../mock/test/upstream-backend.ts';
import { type Stack, screenshot, startStack } from './harness.ts';
import { addNote, signedInPage } from './people.ts';

// The mock in front of a half-built backend: sign-in, the user and the notes come from the backend,
// the groups and chats (which it answers 501 or has no route for) from the mock's engine.
let backend: StandInBackend;
let stack: Stack;
let page: Page;
/** The engine's groups of the demo account, as the mock answers them for the backend's token. */
let groups: { id: string; name: string; status?: string }[];

const USERS = 60;

beforeAll(async () => {
  // A backend holding the same people as the mock's seed: the demo account has the seed's id there too.
  const demo = seedState({ users: USERS }).users.find((user) => user.email === 'demo@cohort.test');
  backend = await startStandInBackend({ ...(demo ? { userId: demo.id } : {}), stream: false });
  stack = await startStack(['--upstream', backend.url, '--users', String(USERS)]);
  page = await signedInPage(stack.browser, stack, stack.demo);
  page.setDefaultTimeout(20_000);
  const token = await backend.login();
  const res = await fetch(`${stack.mockUrl}/api/v1/users/me/channels`, {
    headers: { authorization: `Bearer ${token}` },
  });
  groups = ((await res.json()) as { data: typeof groups }).data;
});

afterAll(async () => {
  await stack?.stop();
  await backend?.close();
});

describe('the web app against the mock in front of a backend', () => {
  it("signs in at the backend and shows the backend's person and notes beside the engine's groups", async () => {
    // Signed in with the backend's token: the backend saw the sign-in, the mock's seed password was never checked.
    expect(backend.seen.some((r) => r.method === 'POST' && r.url === '/api/v1/login')).toBe(true);
    await page.getByText('Backend Person').first().waitFor();
    await page.getByText('This note lives in the real backend.').waitFor();
    // The More menu counts the engine's groups, on the same screen as the backend's notes.
    await page.getByRole('button', { name: 'More' }).click();
    const active = groups.filter((group) => group.status !== 'inactive').length;
    expect(active).toBeGreaterThan(0);
    await page
      .getByRole('menu', { name: 'More' })
      .getByText(`${active} Active · ${groups.length - active} Inactive`)
      .waitFor();
    await screenshot(page, 'upstream-profile');
    await page.keyboard.press('Escape');
  });

  it('saves a note to the backend through the app', async () => {
    await page.goto(`${stack.appUrl}/profile`);
    await addNote(page, { title: 'Through the mock', text: 'Kept by the backend, not the mock.', date: '2026-12-03' });
    const stored = backend.seen.filter((r) => r.method === 'POST' && r.url === '/api/v1/users/me/notes/store');
    expect(stored.map((r) => r.body)).toEqual([
      { title: 'Through the mock', note: 'Kept by the backend, not the mock.', date: '2026-12-03' },
    ]);
  });

  it("lists the engine's chats and opens one, signed in with the backend's token", async () => {
    await page.goto(`${stack.appUrl}/chats`);
    const first = groups[0];
    if (!first) throw new Error('the engine has no group for the demo account');
    await page.getByText(first.name).first().click();
    await page.waitForURL('**/chatInbox?id=*');
    await page.getByRole('textbox').first().waitFor();
    // The messages come from the engine too (the backend has no route for them).
    const token = await backend.login();
    const res = await fetch(`${stack.mockUrl}/api/v1/channels/${first.id}/get-messages`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const messages = ((await res.json()) as { data: { message: string | null }[] }).data;
    const last = messages.filter((m) => m.message).at(-1)?.message;
    if (!last) throw new Error('the engine has no message in that group');
    await page.getByText(last).last().waitFor();
    await screenshot(page, 'upstream-chat');
  });

  it('GET /__mock/upstream tells who answered each operation the app used', async () => {
    const report = await mockControl(stack.mockUrl).upstream();
    const state = Object.fromEntries(report.operations.map((row) => [row.operationId, row.state]));
    expect(state).toMatchObject({
      login: 'backend',
      getMe: 'backend',
      listNotes: 'backend',
      storeNote: 'backend',
      listMyChannels: 'engine',
    });
    // Nothing the app sent broke the contract, and nothing either side answered did (stop() fails on any).
    expect(await mockControl(stack.mockUrl).violations()).toEqual([]);
  });
});
