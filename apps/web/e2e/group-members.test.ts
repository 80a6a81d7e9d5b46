import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshot, startStack } from './harness.ts';
import { api, login, type Member, register, signedInPage } from './people.ts';

// A group of 75: it embeds its first 20 members; its Members tab pages through all of them
// for a member (pages of 50), and shows a stranger only the 20 with the count.
let stack: Stack;
let groupId = '';
let stranger: Member;
const pages: Page[] = [];

beforeAll(async () => {
  stack = await startStack();
  const token = await login(stack, stack.demo.email, stack.demo.password);
  const found = await api<{ data: { data: { id: string }[] } }>(stack, '/api/v1/users/search?per_page=100', token);
  const me = await api<{ data: { id: string } }>(stack, '/api/v1/users/me', token);
  const others = found.data.data.map((u) => u.id).filter((id) => id !== me.data.id);
  expect(others.length).toBeGreaterThanOrEqual(74);
  const made = await api<{ data: { id: string; users: string[]; member_count: number } }>(
    stack,
    '/api/v1/users/channels/store',
    token,
    {
      method: 'POST',
      body: JSON.stringify({
        name: 'Seventy-five Founders',
        description: 'A large group.',
        tags: [],
        is_closed: false,
        users: others.slice(0, 74),
      }),
    },
  );
  groupId = made.data.id;
  expect(made.data.users).toHaveLength(20);
  expect(made.data.member_count).toBe(75);
  stranger = await register(stack, 'Nina', 'Outsider');
});

afterAll(async () => {
  for (const page of pages) await page.context().close();
  await stack?.stop();
});

const members = (page: Page) => page.getByRole('list', { name: 'Members' }).getByRole('listitem');

describe('a large group’s Members tab', () => {
  it('a member sees the first 50, then Show more members loads the other 25', async () => {
    const page = await signedInPage(stack.browser, stack, stack.demo);
    pages.push(page);
    await page.goto(`${stack.appUrl}/group-profile?id=${groupId}`);
    await page.getByText('Showing 50 of 75 members.').waitFor();
    expect(await members(page).count()).toBe(50);
    await screenshot(page, 'group-members-first-page');
    await page.getByRole('button', { name: 'Show more members' }).click();
    await page.getByRole('button', { name: 'Show more members' }).waitFor({ state: 'detached' });
    expect(await members(page).count()).toBe(75);
    expect(await page.getByText(/Showing \d+ of 75/).count()).toBe(0);
    await screenshot(page, 'group-members-all');
  });

  it('someone outside the group sees the 20 it embeds and the count, with no way to page', async () => {
    const page = await signedInPage(stack.browser, stack, stranger);
    pages.push(page);
    await page.goto(`${stack.appUrl}/group-profile?id=${groupId}`);
    await page.getByText('Showing 20 of 75 members (members see everyone).').waitFor();
    expect(await members(page).count()).toBe(20);
    expect(await page.getByRole('button', { name: 'Show more members' }).count()).toBe(0);
    await screenshot(page, 'group-members-stranger');
  });
});
