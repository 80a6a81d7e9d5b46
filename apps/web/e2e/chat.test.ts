import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshot, seriousA11yViolations, startStack, VIEWPORT } from './harness.ts';

let stack: Stack;
let page: Page;
const GROUP = `Climate Hack Crew ${Date.now() % 100_000}`;
const TEXT = `Demo night moved to Thursday (${Date.now() % 100_000})`;
let groupUrl = '';
let forwardedTo = '';

interface FriendRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  university: string | null;
}

beforeAll(async () => {
  stack = await startStack();
  page = await stack.browser.newPage({ viewport: VIEWPORT });
  page.setDefaultTimeout(10_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.appUrl });
  await page.goto(`${stack.appUrl}/login`);
  await page.getByLabel('University Name').fill(stack.demo.university);
  await page.getByLabel('Email').fill(stack.demo.email);
  await page.getByLabel('Password').fill(stack.demo.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/profile');
});

afterAll(async () => {
  await stack?.stop();
});

/** The signed-in browser session's token, for checking what the server stored. */
const token = () => page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').token as string);

async function api<T>(path: string, init: RequestInit & { as?: string } = {}): Promise<T> {
  const res = await fetch(`${stack.mockUrl}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${init.as ?? (await token())}` },
  });
  return (await res.json()) as T;
}

const ownBubbles = () => page.locator('[data-own]');

const shot = (name: string) => screenshot(page, name);

async function openMenuOf(text: string) {
  await ownBubbles().filter({ hasText: text }).last().getByRole('button', { name: 'Message options' }).click();
  return page.getByRole('dialog', { name: 'Message' });
}

describe('group chat (real Chromium, real mock)', () => {
  it('lists my chats with last message and unread counts, and the compose drawer', async () => {
    await page.getByRole('link', { name: 'Chats' }).click();
    await page.waitForURL('**/chats');
    const list = page.getByRole('list', { name: 'Chats' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBeGreaterThan(3);
    expect(await list.getByText(/unread/).count()).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot('chat-list');

    await page.getByLabel('Search chats').fill('Cohort Archive');
    expect(await list.getByRole('listitem').count()).toBe(1);
    await page.getByLabel('Search chats').fill('');

    await page.getByRole('button', { name: 'New message' }).click();
    const drawer = page.getByRole('dialog', { name: 'New Message' });
    await drawer.getByRole('list', { name: 'Friends' }).waitFor();
    expect(await drawer.getByRole('button', { name: 'New Story' }).isEnabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot('chat-new-message-drawer');
  });

  it('creates a group with two members and two tags and lands on its profile', async () => {
    await page.getByRole('dialog', { name: 'New Message' }).getByRole('button', { name: 'New Group' }).click();
    const picker = page.getByRole('dialog', { name: 'New Group' });
    await picker.getByRole('list', { name: 'People' }).waitFor();
    await picker.getByRole('checkbox').nth(0).check();
    await picker.getByRole('checkbox').nth(1).check();
    await picker.getByText('2/200000').waitFor();
    await shot('chat-member-picker');
    await picker.getByRole('button', { name: 'Next' }).click();

    const details = page.getByRole('dialog', { name: 'Group details' });
    // Send without a name: the form says why and stays.
    await details.getByRole('button', { name: 'Send' }).click();
    await details.getByText('Group Name is required').waitFor();
    await details.getByLabel('Group Name').fill(GROUP);
    await details.getByRole('button', { name: 'Entrepreneurship' }).click();
    await details.getByRole('button', { name: 'Climate' }).click();
    await details.getByRole('switch', { name: 'Expires' }).click();
    await details.getByLabel('Group Description').fill('Weekly hack nights for climate founders.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot('chat-group-details');
    await details.getByRole('button', { name: 'Send' }).click();

    await page.waitForURL('**/group-profile?id=chan_*');
    groupUrl = page.url();
    await page.getByRole('heading', { name: GROUP }).waitFor();
    await page.getByText('3 members').waitFor();
    const id = new URL(groupUrl).searchParams.get('id') ?? '';
    const stored = await api<{ data: { tags: number[]; users: string[]; expires_year: number | null } }>(
      `/api/v1/channels/${id}`,
    );
    expect(stored.data.tags).toHaveLength(2);
    expect(stored.data.users).toHaveLength(3);
    expect(stored.data.expires_year).toBe(new Date().getFullYear());
    expect(await page.getByRole('list', { name: 'Members' }).getByRole('listitem').count()).toBe(3);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot('chat-group-profile');
  });

  it('opens the chat, sends a message that shows on the right, and pins it to the banner', async () => {
    await page.getByRole('link', { name: 'Chat', exact: true }).click();
    await page.waitForURL('**/chatInbox?id=chan_*');
    await page.getByRole('log', { name: 'Messages' }).waitFor();
    await page.getByText('No messages yet: say hello.').waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

    await page.getByLabel('Message', { exact: true }).fill(TEXT);
    await page.getByRole('button', { name: 'Send' }).click();
    const bubble = ownBubbles().filter({ hasText: TEXT });
    await bubble.waitFor();
    await expect.poll(() => bubble.getByText('Sending…').count()).toBe(0);
    const box = await bubble.locator('article').boundingBox();
    // Own messages hug the right edge.
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan(VIEWPORT.width - 24);
    expect(box?.x ?? 0).toBeGreaterThan(40);

    const menu = await openMenuOf(TEXT);
    await shot('chat-message-menu');
    await menu.getByRole('button', { name: 'Pin', exact: true }).click();
    await page.getByRole('button', { name: `Pinned ${TEXT}` }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot('chat-inbox');
  });

  it('shows a message another member sends, live, on the left', async () => {
    const friends = await api<FriendRow[]>('/api/v1/users/me/friends');
    const id = new URL(page.url()).searchParams.get('id') ?? '';
    const group = await api<{ data: { users: string[] } }>(`/api/v1/channels/${id}`);
    const friend = friends.find((f) => group.data.users.includes(f.id));
    if (!friend) throw new Error('no friend in the new group');
    const login = await api<{ data: { access_token: string } }>('/api/v1/login', {
      method: 'POST',
      body: JSON.stringify({ uniName: friend.university, email: friend.email, password: stack.demo.password }),
    });
    const reply = `See you there! (${Date.now() % 1000})`;
    await api(`/api/v1/channels/${id}/messages`, {
      method: 'POST',
      as: login.data.access_token,
      body: JSON.stringify({ message: reply }),
    });
    const incoming = page.locator('[data-message-id]:not([data-own])').filter({ hasText: reply });
    await incoming.waitFor({ timeout: 5000 });
    await incoming.getByText(`${friend.first_name} ${friend.last_name}`).waitFor();
    // On the left: the bubble starts in the first quarter of the screen (after the sender's photo).
    const box = await incoming.locator('article').boundingBox();
    const width = page.viewportSize()?.width ?? 390;
    expect(box?.x ?? width).toBeLessThan(width / 4);
  });

  it('replies with a quote, reports a message, and selects messages then returns to normal mode', async () => {
    const incoming = page.locator('[data-message-id]:not([data-own])').last();
    await incoming.getByRole('button', { name: 'Message options' }).click();
    await page.getByRole('dialog', { name: 'Message' }).getByRole('button', { name: 'Reply' }).click();
    await page.getByText(/Replying to/).waitFor();
    await page.getByLabel('Message', { exact: true }).fill('Count me in');
    await page.getByRole('button', { name: 'Send' }).click();
    const reply = ownBubbles().filter({ hasText: 'Count me in' });
    await reply.getByText(/See you there!/).waitFor();

    await incoming.getByRole('button', { name: 'Message options' }).click();
    await page.getByRole('dialog', { name: 'Message' }).getByRole('button', { name: 'Report' }).click();
    const report = page.getByRole('dialog', { name: 'Report message' });
    await report.getByLabel('Harassment').check();
    await report.getByRole('button', { name: 'Report' }).click();
    await page.getByText('Thanks, the moderators will look at it.').waitFor();

    await (await openMenuOf(TEXT)).getByRole('button', { name: 'Select' }).click();
    const bar = page.getByRole('toolbar', { name: 'Selected messages' });
    await bar.getByText('1 selected').waitFor();
    await page.getByRole('checkbox', { name: /Select message from you: Count me in/ }).check();
    await bar.getByText('2 selected').waitFor();
    expect(await page.getByLabel('Message', { exact: true }).count()).toBe(0);
    await bar.getByRole('button', { name: 'Done' }).click();
    await page.getByLabel('Message', { exact: true }).waitFor();
    expect(await page.getByRole('checkbox').count()).toBe(0);
  });

  it('a failed send turns into an error with Retry, and Retry sends it', async () => {
    await page.route('**/api/v1/channels/*/messages', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Service unavailable.' }),
      }),
    );
    await page.getByLabel('Message', { exact: true }).fill('This one fails first');
    await page.getByRole('button', { name: 'Send' }).click();
    const bubble = ownBubbles().filter({ hasText: 'This one fails first' });
    await bubble.getByText(/Not sent/).waitFor();
    await page.unroute('**/api/v1/channels/*/messages');
    await bubble.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => bubble.getByText(/Not sent|Sending…/).count()).toBe(0);
    expect(await bubble.count()).toBe(1);
  });

  it('forwards the message to another chat, where it shows', async () => {
    const menu = await openMenuOf(TEXT);
    await menu.getByRole('button', { name: 'Forward' }).click();
    const drawer = page.getByRole('dialog', { name: 'Forward' });
    const chats = drawer.getByRole('list', { name: 'Chats' });
    await chats.waitFor();
    const first = chats.getByRole('listitem').first();
    forwardedTo = ((await first.locator('span').nth(2).textContent()) ?? '').trim();
    await first.getByRole('checkbox').check();
    await shot('chat-forward-drawer');
    await drawer.getByRole('button', { name: 'Forward', exact: true }).click();
    await page.getByText('Forwarded to 1 chat.').waitFor();

    // Back goes back in the history (this chat was opened by URL): go to Chats directly.
    await page.goto(`${stack.appUrl}/chats`);
    await page
      .getByRole('list', { name: 'Chats' })
      .getByRole('link', { name: new RegExp(forwardedTo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first()
      .click();
    await page.waitForURL('**/chatInbox?id=chan_*');
    const copy = ownBubbles().filter({ hasText: TEXT });
    await copy.waitFor();
    await copy.getByText('Forwarded').waitFor();
  });

  it('creates a calendar event from the Forward drawer (reminder 30 minutes before by default)', async () => {
    await page.goto(groupUrl.replace('/group-profile', '/chatInbox'));
    const menu = await openMenuOf(TEXT);
    await menu.getByRole('button', { name: 'Forward' }).click();
    const drawer = page.getByRole('dialog', { name: 'Forward' });
    await drawer.getByRole('tab', { name: 'Calendar' }).click();
    expect(await drawer.getByLabel('Title').inputValue()).toBe(TEXT);
    expect(await drawer.getByLabel('Reminder').inputValue()).toBe('30');
    await drawer.getByLabel('Location').fill('GSB Room 204');
    await drawer.getByRole('switch', { name: 'Video conferencing' }).click();
    await shot('chat-forward-calendar');
    await drawer.getByRole('button', { name: 'Save event' }).click();
    await page.getByText(/is in your calendar/).waitFor();
    const events = await api<{ data: { title: string; reminder_minutes: number; location: string; video: boolean }[] }>(
      '/api/v1/users/me/events',
    );
    expect(events.data).toContainEqual(
      expect.objectContaining({ title: TEXT, reminder_minutes: 30, location: 'GSB Room 204', video: true }),
    );

    // The event is in the user's calendar (Profile → Calendar).
    await page.goto(`${stack.appUrl}/profile`);
    await page.getByRole('button', { name: 'Calendar' }).click();
    const calendar = page.getByRole('dialog', { name: 'Calendar' });
    const saved = calendar.getByRole('listitem').filter({ hasText: TEXT });
    await saved.waitFor();
    expect(await saved.textContent()).toContain('GSB Room 204');
    expect(await saved.textContent()).toContain('Video call');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot('profile-calendar');
    await calendar.getByRole('button', { name: 'Close' }).click();
    await calendar.waitFor({ state: 'detached' });
  });

  it('leaves the group and is back on /chats without it; Back to its chat shows no history and no message box', async () => {
    await page.goto(groupUrl.replace('/group-profile', '/chatInbox'));
    await page.getByRole('log', { name: 'Messages' }).waitFor();
    await page.goto(groupUrl);
    await page.getByRole('heading', { name: GROUP }).waitFor();
    await page.getByRole('button', { name: 'Leave' }).click();
    await page
      .getByRole('dialog', { name: `Leave ${GROUP}?` })
      .getByRole('button', { name: 'Leave group' })
      .click();
    await page.waitForURL('**/chats');
    const list = page.getByRole('list', { name: 'Chats' });
    await list.waitFor();
    expect(await list.getByText(GROUP).count()).toBe(0);
    await page.goBack();
    await page.goBack();
    await page.getByRole('heading', { name: 'Not in this group' }).waitFor();
    expect(await page.getByLabel('Message', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Back to Chats' }).click();
    await page.waitForURL('**/chats');
  });

  it('opens the 10,000-message archive and scrolls back with fewer than 300 message elements', async () => {
    await page.getByLabel('Search chats').fill('Cohort Archive');
    await page
      .getByRole('list', { name: 'Chats' })
      .getByRole('link', { name: /Cohort Archive/ })
      .click();
    await page.getByRole('log', { name: 'Messages' }).waitFor();
    await page.locator('[data-message-id]').first().waitFor();
    let pages = 0;
    page.on('request', (r) => {
      if (r.url().includes('/get-messages') && r.url().includes('before=')) pages++;
    });
    const newest = await page.locator('[data-message-id]').last().getAttribute('data-message-id');
    const scroller = page.locator('[data-virtuoso-scroller]');
    for (let i = 0; i < 40 && pages < 8; i++) {
      await scroller.evaluate((el) => {
        el.scrollTop = 0;
      });
      await page.waitForTimeout(100);
      expect(await page.locator('[data-message-id]').count()).toBeLessThan(300);
    }
    expect(pages).toBeGreaterThanOrEqual(8);
    const count = await page.locator('[data-message-id]').count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(300);
    expect(await page.locator(`[data-message-id="${newest}"]`).count()).toBe(0);
  });

  it('tapping a friend opens the one-to-one chat, without a group form; tapping again reuses it; the friend sees it under my name', async () => {
    const self = (await api<{ data: { id: string; first_name: string; last_name: string } }>('/api/v1/users/me')).data;
    const me = self.id;
    const friends = await api<FriendRow[]>('/api/v1/users/me/friends');
    type ChatRow = { id: string; name: string; users: string[]; is_direct?: boolean };
    const chatsBefore = (await api<{ data: ChatRow[] }>('/api/v1/users/me/channels')).data;
    const oneToOne = (f: FriendRow) => (c: ChatRow) =>
      c.is_direct === true && c.users.length === 2 && c.users.includes(me) && c.users.includes(f.id);
    // A friend with no one-to-one chat yet, so the first tap has to create it.
    const friend = friends.find((f) => !chatsBefore.some(oneToOne(f)));
    if (!friend) throw new Error('every friend already has a one-to-one chat');
    const name = `${friend.first_name} ${friend.last_name}`;

    const tapFriend = async () => {
      await page.goto(`${stack.appUrl}/chats`);
      await page.getByRole('button', { name: 'New message' }).click();
      const drawer = page.getByRole('dialog', { name: 'New Message' });
      await drawer.getByRole('searchbox', { name: 'Search friends' }).fill(name);
      await drawer
        .getByRole('list', { name: 'Friends' })
        .getByRole('button', { name: new RegExp(name) })
        .click();
      await page.waitForURL(/\/chatInbox\?id=chan_/);
      await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
      return new URL(page.url()).searchParams.get('id') ?? '';
    };

    const first = await tapFriend();
    expect(await page.getByRole('dialog', { name: 'Group details' }).count()).toBe(0);
    const stored = await api<{ data: ChatRow }>(`/api/v1/channels/${first}`);
    expect([...stored.data.users].sort()).toEqual([me, friend.id].sort());
    expect(stored.data).toMatchObject({ name, is_direct: true });
    await shot('chat-direct-message');

    // The friend's own chat list shows the same chat titled with my name, not theirs.
    const login = await api<{ data: { access_token: string } }>('/api/v1/login', {
      method: 'POST',
      body: JSON.stringify({ uniName: friend.university, email: friend.email, password: stack.demo.password }),
    });
    const theirs = (await api<{ data: ChatRow[] }>('/api/v1/users/me/channels', { as: login.data.access_token })).data;
    expect(theirs.find((c) => c.id === first)).toMatchObject({
      is_direct: true,
      name: `${self.first_name} ${self.last_name}`,
    });

    expect(await tapFriend()).toBe(first);
    const chatsAfter = (await api<{ data: ChatRow[] }>('/api/v1/users/me/channels')).data;
    expect(chatsAfter.filter(oneToOne(friend))).toHaveLength(1);
  });
});
