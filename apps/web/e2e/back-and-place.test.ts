import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshot, startStack } from './harness.ts';
import { api, login, type Member, register, signedInPage } from './people.ts';

/**
 * The browser's Back as a person uses it, in real Chromium at 390×844 against the real mock: Back
 * closes whatever sheet is open and stays on the screen; Back to a list returns to where it was
 * scrolled; every top bar's title sits on the screen's centre.
 */

let stack: Stack;
let page: Page;
let ada: Member;
const GROUP = `Back Study Group ${Date.now() % 100_000}`;

const tab = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
const path = () => new URL(page.url()).pathname;
const scrollY = () => page.evaluate(() => window.scrollY);

/** Presses the browser's Back and lets the app answer it. */
async function back() {
  await page.goBack();
  await page.waitForTimeout(300);
}

async function feedFromAlerts() {
  await tab('Alerts').click();
  await page.waitForURL('**/notifications');
  await tab('News Feed').click();
  await page.waitForURL('**/news-feed');
  await page.getByRole('article').first().waitFor();
}

/** The first of `links` wholly on the screen below the top bar. */
async function visibleLink(links: Locator): Promise<Locator> {
  for (let i = 0; i < (await links.count()); i++) {
    const box = await links.nth(i).boundingBox();
    if (box && box.y > 80 && box.y + box.height < 700) return links.nth(i);
  }
  throw new Error('no link on the screen');
}

/** The article under the middle of the screen: its first words and its top. */
const articleInView = () =>
  page.evaluate(() => {
    const article = document.elementFromPoint(195, 400)?.closest('article');
    return article
      ? { text: article.textContent?.slice(0, 60), top: Math.round(article.getBoundingClientRect().top) }
      : null;
  });

beforeAll(async () => {
  stack = await startStack();
  // Ada, a connection of the demo user, has posted a dozen times in a group they share.
  ada = await register(stack, 'Ada', 'Okafor');
  const demoToken = await login(stack, stack.demo.email, stack.demo.password);
  const me = await api<{ data: { id: string } }>(stack, '/api/v1/users/me', demoToken);
  const invite = await api<{ data: { id: number } }>(stack, `/api/v1/users/${me.data.id}/connect`, ada.token, {
    method: 'POST',
  });
  await api(stack, `/api/v1/connections/${invite.data.id}/accept`, demoToken, { method: 'POST' });
  const group = await api<{ data: { id: string } }>(stack, '/api/v1/users/channels/store', ada.token, {
    method: 'POST',
    body: JSON.stringify({ name: GROUP, description: '', tags: [], is_closed: false, users: [me.data.id] }),
  });
  let latest = 0;
  for (let i = 1; i <= 12; i++) {
    const created = await api<{ data: { id: number } }>(stack, '/api/v1/posts', ada.token, {
      method: 'POST',
      body: JSON.stringify({
        text: `Ada's post ${i}\n${'A few lines worth reading. '.repeat(5)}`,
        channel_id: group.data.id,
      }),
    });
    latest = created.data.id;
  }
  await api(stack, `/api/v1/posts/${latest}/comments`, ada.token, {
    method: 'POST',
    body: JSON.stringify({ text: 'Slides are in the shared folder.' }),
  });
  page = await signedInPage(stack.browser, stack, stack.demo);
});

afterAll(async () => {
  await stack?.stop();
});

describe("the browser's Back closes the sheet open and stays on the screen", () => {
  it('the comments sheet, the post menu and the report sheet; then Back leaves the feed', async () => {
    await feedFromAlerts();
    const first = page.getByRole('article').first();

    await first.getByRole('button', { name: /^Comments/ }).click();
    await page.getByRole('dialog', { name: /Comments/ }).waitFor();
    await back();
    expect(path()).toBe('/news-feed');
    expect(await page.getByRole('dialog').count()).toBe(0);

    await first.getByRole('button', { name: /More actions/ }).click();
    const menu = page.getByRole('dialog', { name: 'Post' });
    await menu.waitFor();
    await back();
    expect(path()).toBe('/news-feed');
    expect(await page.getByRole('dialog').count()).toBe(0);

    await first.getByRole('button', { name: /More actions/ }).click();
    await menu.getByRole('button', { name: 'Report post' }).click();
    await page.getByRole('dialog', { name: 'Report post' }).waitFor();
    await back();
    expect(path()).toBe('/news-feed');
    expect(await page.getByRole('dialog').count()).toBe(0);

    // No entry left behind by the three sheets: one more Back is the screen before the feed.
    await back();
    await page.waitForURL('**/notifications');
  });

  it('a sheet closed by its own controls leaves no entry behind', async () => {
    await feedFromAlerts();
    const first = page.getByRole('article').first();
    await first.getByRole('button', { name: /^Comments/ }).click();
    await page.getByRole('dialog', { name: /Comments/ }).waitFor();
    await page.keyboard.press('Escape');
    await first.getByRole('button', { name: /More actions/ }).click();
    await page.getByRole('dialog', { name: 'Post' }).getByRole('button', { name: 'Report post' }).click();
    const report = page.getByRole('dialog', { name: 'Report post' });
    await report.getByRole('button', { name: 'Cancel' }).click();
    await report.waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
    // The next sheet still closes on Back; the one after that Back is the screen before the feed.
    await first.getByRole('button', { name: /More actions/ }).click();
    await page.getByRole('dialog', { name: 'Post' }).waitFor();
    await back();
    expect(path()).toBe('/news-feed');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await back();
    await page.waitForURL('**/notifications');
  });

  it('a sheet left by a link: Back from there returns to the screen, and once more leaves it', async () => {
    await feedFromAlerts();
    const commented = page.getByRole('button', { name: /^Comments, [1-9]/ }).first();
    const sheet = page.getByRole('dialog', { name: /Comments/ });
    await commented.click();
    await sheet.waitFor();
    await back();
    expect(path()).toBe('/news-feed');
    await commented.click();
    await sheet.getByRole('list', { name: 'Comments' }).getByRole('link').first().click();
    await page.waitForURL(/\/(otherProfile|profile)/);
    await back();
    expect(path()).toBe('/news-feed');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await back();
    await page.waitForURL('**/notifications');
  });

  it('the New Message drawer, the New Story sheet, the message menu and the Forward drawer', async () => {
    await tab('Chats').click();
    await page.waitForURL('**/chats');
    await page.getByRole('button', { name: 'New message' }).click();
    await page.getByRole('dialog', { name: 'New Message' }).waitFor();
    await back();
    expect(path()).toBe('/chats');
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'New message' }).click();
    await page.getByRole('dialog', { name: 'New Message' }).getByRole('button', { name: 'New Story' }).click();
    await page.getByRole('dialog', { name: 'New Story' }).waitFor();
    await back();
    expect(path()).toBe('/chats');
    expect(await page.getByRole('dialog').count()).toBe(0);

    // A chat with messages in it (the group made for this test has none).
    await page.getByRole('list', { name: 'Chats' }).getByRole('link').filter({ hasNotText: GROUP }).first().click();
    await page.waitForURL('**/chatInbox**');
    const chat = page.url();
    const bubble = page.locator('[data-message-id]').last();
    await bubble.getByRole('button', { name: 'Message options' }).click();
    const menu = page.getByRole('dialog', { name: 'Message' });
    await menu.waitFor();
    await back();
    expect(page.url()).toBe(chat);
    expect(await page.getByRole('dialog').count()).toBe(0);

    await bubble.getByRole('button', { name: 'Message options' }).click();
    await menu.getByRole('button', { name: 'Forward' }).click();
    await page.getByRole('dialog', { name: 'Forward' }).waitFor();
    await back();
    expect(page.url()).toBe(chat);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await back();
    await page.waitForURL('**/chats');
  });
});

describe('Back to a list returns to where it was scrolled', () => {
  it('the News Feed, left by a post author’s name', async () => {
    await feedFromAlerts();
    await page.evaluate(() => window.scrollTo(0, 852));
    await page.waitForFunction(() => window.scrollY === 852);
    await page.waitForTimeout(300);
    const before = await articleInView();
    await (await visibleLink(page.locator('main article a[href^="/otherProfile"]'))).click();
    await page.waitForURL('**/otherProfile**');
    await back();
    await page.waitForURL('**/news-feed');
    await expect.poll(scrollY).toBe(852);
    expect(await articleInView()).toEqual(before);
  });

  it('the chat list, left by a chat', async () => {
    await tab('Chats').click();
    const list = page.getByRole('list', { name: 'Chats' });
    await list.getByRole('link').first().waitFor();
    const target = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight - 40);
    expect(target).toBeGreaterThan(200);
    await page.evaluate((y) => window.scrollTo(0, y), target);
    await page.waitForFunction((y) => window.scrollY === y, target);
    await (await visibleLink(list.getByRole('link'))).click();
    await page.waitForURL('**/chatInbox**');
    await back();
    await page.waitForURL('**/chats');
    await expect.poll(scrollY).toBe(target);
  });

  it("the directory's results, left by Message Selected Contacts", async () => {
    await tab('Contacts').click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('dialog', { name: 'Search results' });
    const found = results.getByRole('list', { name: 'People found' });
    await found.getByRole('checkbox').nth(20).waitFor();
    const body = page.locator('[data-keep-scroll="Search results"]');
    await body.evaluate((el) => {
      el.scrollTop = 1200;
    });
    await page.waitForTimeout(300);
    const top = await body.evaluate((el) => el.scrollTop);
    expect(top).toBeGreaterThan(1000);
    const boxes = found.getByRole('checkbox');
    for (let i = 0; i < (await boxes.count()); i++) {
      const box = await boxes.nth(i).boundingBox();
      if (box && box.y > 300 && box.y < 700) {
        await boxes.nth(i).check();
        break;
      }
    }
    // Checking the box may have scrolled the list a little: the place to come back to is this one.
    const personAt = () =>
      page.evaluate(() => {
        const row = document.elementFromPoint(195, 500)?.closest('li');
        return row ? { text: row.textContent, top: Math.round(row.getBoundingClientRect().top) } : null;
      });
    const left = await body.evaluate((el) => el.scrollTop);
    const person = await personAt();
    await results.getByRole('button', { name: 'Message Selected Contacts' }).click();
    await page.waitForURL('**/chatInbox**');
    await back();
    await results.waitFor();
    await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBe(left);
    expect(await personAt()).toEqual(person);
    await screenshot(page, 'back-directory-results');
  });

  it("a profile's posts, left by a post's group", async () => {
    await page.goto(`${stack.appUrl}/otherProfile?id=${ada.id}`);
    await page.getByRole('tab', { name: 'Posts' }).click();
    await page.getByRole('article').filter({ hasText: "Ada's post 1\n" }).first().waitFor();
    const target = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight - 40);
    expect(target).toBeGreaterThan(600);
    await page.evaluate((y) => window.scrollTo(0, y), target);
    await page.waitForFunction((y) => window.scrollY === y, target);
    const before = await articleInView();
    await (await visibleLink(page.locator('main article a[href^="/group-profile"]'))).click();
    await page.waitForURL('**/group-profile**');
    await back();
    await page.getByRole('tab', { name: 'Posts', selected: true }).waitFor();
    await expect.poll(scrollY).toBe(target);
    expect(await articleInView()).toEqual(before);
  });
});

describe('top bars: the title’s centre is the screen’s', () => {
  const titleCentre = () =>
    page.evaluate(() => {
      // The heading shrinks to its text, or to the room there is with the rest cut off by an ellipsis.
      const box = document.querySelector('header h1')?.getBoundingClientRect();
      if (!box) return null;
      return { centre: (box.left + box.right) / 2, screen: window.innerWidth / 2 };
    });

  it('in a chat (Back on the left, nothing or calls on the right) and on the other screens', async () => {
    await page.goto(`${stack.appUrl}/chats`);
    await page
      .getByRole('list', { name: 'Chats' })
      .getByRole('link', { name: new RegExp(GROUP) })
      .click();
    await page.waitForURL('**/chatInbox**');
    await page.getByRole('heading', { name: GROUP }).waitFor();
    await screenshot(page, 'top-bar-chat');
    const chat = await titleCentre();
    expect(Math.abs((chat?.centre ?? 0) - (chat?.screen ?? 0))).toBeLessThanOrEqual(1);

    for (const [where, title] of [
      ['/news-feed', 'News Feed'],
      ['/chats', 'Chats'],
      ['/profile', 'My Profile'],
      [`/otherProfile?id=${ada.id}`, 'Profile'],
      ['/settings', 'Settings'],
      ['/notifications', 'Notifications'],
    ] as const) {
      await page.goto(`${stack.appUrl}${where}`);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      const bar = await titleCentre();
      expect({ where, off: Math.abs((bar?.centre ?? 0) - (bar?.screen ?? 0)) <= 1 }).toEqual({ where, off: true });
    }
  });
});
