import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshot, seriousA11yViolations, startStack, VIEWPORT } from './harness.ts';
import { api, type Member, register, signedInPage } from './people.ts';

/**
 * Two classmates in two browser contexts against the real mock: A posts in a group both belong
 * to; B, scrolled down, sees the "1 new post" pill live, opens it, likes and comments; A sees both
 * counts change without a reload. Then a like that fails is rolled back.
 */

let stack: Stack;
let a: Member;
let b: Member;
let pageA: Page;
let pageB: Page;
const GROUP = `Study Group ${Date.now() % 100_000}`;
const TEXT = `Notes from today's lecture are in the shared drive (${Date.now() % 100_000})`;

const post = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });
const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

beforeAll(async () => {
  stack = await startStack();
  a = await register(stack, 'Ada', 'Okafor');
  b = await register(stack, 'Ben', 'Larsen');
  const invite = await api<{ data: { id: number } }>(stack, `/api/v1/users/${b.id}/connect`, a.token, {
    method: 'POST',
  });
  await api(stack, `/api/v1/connections/${invite.data.id}/accept`, b.token, { method: 'POST' });
  await api(stack, '/api/v1/users/channels/store', a.token, {
    method: 'POST',
    body: JSON.stringify({ name: GROUP, description: '', tags: [], is_closed: false, users: [b.id] }),
  });
  // Enough earlier posts for B to scroll down past.
  for (let i = 1; i <= 12; i++) {
    await api(stack, '/api/v1/posts', a.token, {
      method: 'POST',
      body: JSON.stringify({ text: `Earlier post ${i}\n${'Something worth a few lines. '.repeat(4)}` }),
    });
  }
  pageA = await signedInPage(stack.browser, stack, a);
  pageB = await signedInPage(stack.browser, stack, b);
});

afterAll(async () => {
  await stack?.stop();
});

describe('News Feed between two classmates', () => {
  it('the tab opens the feed: composer, then posts newest first with author, program, class and time', async () => {
    await tab(pageB, 'News Feed').click();
    await pageB.waitForURL('**/news-feed');
    await post(pageB, 'Earlier post 12').waitFor();
    const first = await pageB.getByRole('article').first().textContent();
    expect(first).toContain('Earlier post 12');
    expect(first).toContain('Ada Okafor');
    expect(first).toContain('just now');
    expect(await seriousA11yViolations(pageB)).toEqual([]);
    await screenshot(pageB, 'feed');
  });

  it('A posts in the group; B, scrolled down, gets the "1 new post" pill without the list moving', async () => {
    await pageB.evaluate(() => window.scrollTo(0, 1200));
    await pageB.waitForFunction(() => window.scrollY >= 1000);
    const before = await pageB.evaluate(() => window.scrollY);

    await tab(pageA, 'News Feed').click();
    await pageA.getByLabel('Write a post').fill(TEXT);
    await pageA.getByLabel('Who can see it').selectOption({ label: GROUP });
    await pageA.getByRole('button', { name: 'Post', exact: true }).click();
    await post(pageA, TEXT).waitFor();
    expect(await pageA.getByLabel('Write a post').inputValue()).toBe('');
    expect(await post(pageA, TEXT).textContent()).toContain(`in ${GROUP}`);

    const pill = pageB.getByRole('button', { name: /1 new post/ });
    await pill.waitFor();
    expect(await pageB.evaluate(() => window.scrollY)).toBe(before);
    expect(await post(pageB, TEXT).count()).toBe(0);
    await screenshot(pageB, 'feed-new-post-pill');

    await pill.click();
    await post(pageB, TEXT).waitFor();
    await pageB.waitForFunction(() => window.scrollY === 0);
    expect(await pageB.getByRole('article').first().textContent()).toContain(TEXT);
    expect(await pill.count()).toBe(0);
  });

  it('B likes and comments; A sees both counts change without a reload', async () => {
    const onB = post(pageB, TEXT);
    await onB.getByRole('button', { name: /^Like/ }).click();
    await onB.getByRole('button', { name: 'Like, 1 like' }).waitFor();
    expect(await onB.getByRole('button', { name: /^Like/ }).getAttribute('aria-pressed')).toBe('true');

    await onB.getByRole('button', { name: /^Comments/ }).click();
    const sheet = pageB.getByRole('dialog', { name: /Comments/ });
    await sheet.getByText('No comments yet. Be the first.').waitFor();
    await sheet.getByLabel('Write a comment').fill('Thanks, this helps a lot!');
    await sheet.getByRole('button', { name: 'Send' }).click();
    // The list only: until the answer clears it, the field holds the same text.
    const comments = sheet.getByRole('list', { name: 'Comments' });
    await comments.getByText('Thanks, this helps a lot!').waitFor();
    // The stream may show the comment before the answer clears the field.
    await expect.poll(() => sheet.getByLabel('Write a comment').inputValue()).toBe('');
    expect(await sheet.getByText('Thanks, this helps a lot!').count()).toBe(1);
    expect(await seriousA11yViolations(pageB)).toEqual([]);
    await screenshot(pageB, 'feed-comments');
    await sheet.getByRole('button', { name: 'Close' }).click();

    const onA = post(pageA, TEXT);
    await onA.getByRole('button', { name: 'Like, 1 like' }).waitFor();
    await onA.getByRole('button', { name: 'Comments, 1' }).waitFor();
    expect(await onA.getByRole('button', { name: /^Like/ }).getAttribute('aria-pressed')).toBe('false');
    await screenshot(pageA, 'feed-counts-live');
  });

  it('a like that fails goes back and says why', async () => {
    await pageB.route('**/api/v1/posts/*/like', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'The server is busy. Try again.' }),
      }),
    );
    const target = post(pageB, 'Earlier post 12');
    await target.getByRole('button', { name: 'Like, 0 likes' }).click();
    await pageB.getByText(/Could not like the post: The server is busy/).waitFor();
    await target.getByRole('button', { name: 'Like, 0 likes' }).waitFor();
    expect(await target.getByRole('button', { name: /^Like/ }).getAttribute('aria-pressed')).toBe('false');
    await screenshot(pageB, 'feed-like-rolled-back');
    await pageB.unroute('**/api/v1/posts/*/like');
  });

  it('A deletes the post after confirming; it leaves B’s feed too', async () => {
    await post(pageA, TEXT)
      .getByRole('button', { name: /More actions/ })
      .click();
    await pageA.getByRole('dialog', { name: 'Post' }).getByRole('button', { name: 'Delete post' }).click();
    const confirm = pageA.getByRole('dialog', { name: 'Delete this post?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await pageA.getByText('Post deleted.').waitFor();
    expect(await post(pageA, TEXT).count()).toBe(0);
    await post(pageB, TEXT).waitFor({ state: 'detached' });
  });

  it('on a touch screen, pulling down at the top reads the newest page again', async () => {
    const context = await stack.browser.newContext({ viewport: VIEWPORT, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${stack.appUrl}/login`);
    await page.evaluate((v) => localStorage.setItem('userInfo', v), JSON.stringify({ token: b.token, id: b.id }));
    await page.goto(`${stack.appUrl}/news-feed`);
    await post(page, 'Earlier post 12').waitFor();
    const reread = page.waitForRequest((r) => r.url().includes('/api/v1/users/me/feed'));
    await page.evaluate(() => {
      const at = (y: number) => [new Touch({ identifier: 1, target: document.body, clientX: 200, clientY: y })];
      const fire = (type: string, y: number) =>
        window.dispatchEvent(new TouchEvent(type, { touches: type === 'touchend' ? [] : at(y), bubbles: true }));
      fire('touchstart', 200);
      fire('touchmove', 280);
      fire('touchmove', 380);
    });
    await page.getByText('Release to refresh').waitFor();
    await screenshot(page, 'feed-pull-to-refresh');
    await page.evaluate(() => window.dispatchEvent(new TouchEvent('touchend', { touches: [], bubbles: true })));
    await reread;
    await post(page, 'Earlier post 12').waitFor();
    await context.close();
  });

  it("A's profile lists A's posts in its Posts tab", async () => {
    await tab(pageA, 'Profile').click();
    await pageA.getByRole('tab', { name: 'Posts' }).click();
    await post(pageA, 'Earlier post 12').waitFor();
  });
});
