import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshot, seriousA11yViolations, startStack, VIEWPORT } from './harness.ts';

/**
 * What one screen changes, every other screen shows at once, without a reload: each case acts on
 * one screen and reaches the next by in-app navigation (never page.goto, which would reload).
 * A second user acts through the API; what they do reaches the browser through the user stream.
 */

let stack: Stack;
let page: Page;
const n = Date.now() % 100_000;
const LIVE = `Live Study Group ${n}`;
const INVITED = `Invite Only Club ${n}`;
let friendToken = '';
let demoId = '';

async function api<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${stack.mockUrl}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  });
  return (await res.json()) as T;
}

async function login(email: string, university: string): Promise<string> {
  const res = await fetch(`${stack.mockUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uniName: university, email, password: stack.demo.password }),
  });
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

const tabBar = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
const chatRow = (name: string) =>
  page.getByRole('list', { name: 'Chats' }).getByRole('link', { name: new RegExp(name) });

async function openMyGroups() {
  await tabBar('Profile').click();
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: /My Groups/ }).click();
  await page.waitForURL('**/group?tab=active');
}

beforeAll(async () => {
  stack = await startStack();
  page = await stack.browser.newPage({ viewport: VIEWPORT });
  page.setDefaultTimeout(10_000);
  await page.goto(`${stack.appUrl}/login`);
  await page.getByLabel('University Name').fill(stack.demo.university);
  await page.getByLabel('Email').fill(stack.demo.email);
  await page.getByLabel('Password').fill(stack.demo.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/profile');
  const demoToken = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').token as string);
  demoId = (await api<{ data: { id: string } }>('/api/v1/users/me', demoToken)).data.id;
  const friends = await api<{ email: string; university: string | null }[]>('/api/v1/users/me/friends', demoToken);
  const friend = friends.find((f) => f.university) ?? friends[0];
  friendToken = await login(friend?.email ?? '', friend?.university ?? stack.demo.university);
});

afterAll(async () => {
  await stack?.stop();
});

describe('cross-screen: no screen shows data another screen (or user) has changed', () => {
  it("a second user's new group and message appear live in my chat list, with the unread badge", async () => {
    await tabBar('Chats').click();
    await page.getByRole('list', { name: 'Chats' }).waitFor();
    const made = await api<{ data: { id: string } }>('/api/v1/users/channels/store', friendToken, {
      method: 'POST',
      body: JSON.stringify({ name: LIVE, description: '', tags: [], is_closed: false, users: [demoId] }),
    });
    await chatRow(LIVE).waitFor();
    await api(`/api/v1/channels/${made.data.id}/messages`, friendToken, {
      method: 'POST',
      body: JSON.stringify({ message: `See you at the library (${n})` }),
    });
    const row = chatRow(LIVE);
    await expect.poll(() => row.textContent()).toContain(`See you at the library (${n})`);
    await expect.poll(() => row.textContent()).toContain('1 unread');
    // The newest activity is first.
    await expect
      .poll(() => page.getByRole('list', { name: 'Chats' }).getByRole('link').first().textContent())
      .toContain(LIVE);
    await screenshot(page, 'cross-chats-live');
  });

  it("what I send is the chat list's last message when I go back", async () => {
    await chatRow(LIVE).click();
    await page.getByRole('log', { name: 'Messages' }).waitFor();
    await page.getByLabel('Message', { exact: true }).fill(`On my way (${n})`);
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .locator('[data-own]')
      .filter({ hasText: `On my way (${n})` })
      .waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/chats');
    await expect.poll(() => chatRow(LIVE).textContent()).toContain(`You: On my way (${n})`);
    expect(await chatRow(LIVE).textContent()).not.toContain('unread');
  });

  it('following a group in My Groups shows on its profile', async () => {
    await openMyGroups();
    const follow = page.getByRole('button', { name: `Click to Follow: ${LIVE}` });
    await follow.click();
    await page.getByRole('button', { name: `Following: ${LIVE}` }).waitFor();
    await page.getByRole('list', { name: 'My groups' }).getByRole('link', { name: LIVE }).click();
    await page.waitForURL('**/group-profile?**');
    const state = page.getByRole('button', { name: 'Following', exact: true });
    await state.waitFor();
    expect(await state.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'cross-group-profile-following');
  });

  it('an invitation shows up live; accepting it puts the group in Chats', async () => {
    await openMyGroups();
    await page.getByRole('tab', { name: 'Group Invites' }).click();
    const made = await api<{ data: { id: string } }>('/api/v1/users/channels/store', friendToken, {
      method: 'POST',
      body: JSON.stringify({ name: INVITED, description: '', tags: [], is_closed: true, users: [] }),
    });
    await api(`/api/v1/channels/${made.data.id}/invites`, friendToken, {
      method: 'POST',
      body: JSON.stringify({ user_ids: [demoId] }),
    });
    await page.getByRole('button', { name: `Accept Invite: ${INVITED}` }).click();
    await page.getByText(`You joined ${INVITED}.`).waitFor();
    await tabBar('Chats').click();
    await chatRow(INVITED).waitFor();
  });

  it('leaving a group takes it out of Chats and My Groups', async () => {
    await openMyGroups();
    await page.getByRole('list', { name: 'My groups' }).getByRole('link', { name: INVITED }).waitFor();
    await tabBar('Chats').click();
    await chatRow(INVITED).click();
    await page.waitForURL('**/chatInbox?**');
    await page.getByTitle('Group profile').click();
    await page.getByRole('button', { name: 'Leave' }).click();
    await page
      .getByRole('dialog', { name: `Leave ${INVITED}?` })
      .getByRole('button', { name: 'Leave group' })
      .click();
    await page.waitForURL('**/chats');
    await page.getByRole('list', { name: 'Chats' }).waitFor();
    expect(await chatRow(INVITED).count()).toBe(0);
    await openMyGroups();
    await page.getByRole('list', { name: 'My groups' }).getByRole('link', { name: LIVE }).waitFor();
    expect(await page.getByRole('list', { name: 'My groups' }).getByRole('link', { name: INVITED }).count()).toBe(0);
  });

  it('the screens this work changed, at 390×844 and 1280×800 (not-found is accessible)', async () => {
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`${stack.appUrl}/chats`);
      await chatRow(LIVE).waitFor();
      await screenshot(page, `cross-chats-${width}`);
      await chatRow(LIVE).click();
      await page.getByTitle('Group profile').click();
      await page.getByRole('button', { name: 'Following', exact: true }).waitFor();
      await screenshot(page, `cross-group-profile-${width}`);
      await page.goto(`${stack.appUrl}/group-profile?id=chan_AAAAAAAAAAAAAAAAAAAA`);
      await page.getByRole('heading', { name: 'Group not found' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `cross-not-found-${width}`);
    }
    await page.setViewportSize(VIEWPORT);
  });
});
