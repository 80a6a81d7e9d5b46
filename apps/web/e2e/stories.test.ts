import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshot, seriousA11yViolations, startStack } from './harness.ts';
import { api, type Member, register, signedInPage } from './people.ts';

/**
 * Stories between two connections in two browser contexts: A shares a text story, B sees the ring
 * (not seen), views it (ring turns seen), and a day later on the mock's clock it is gone.
 */

let stack: Stack;
let a: Member;
let b: Member;
let pageA: Page;
let pageB: Page;
const TEXT = `Demo night at 7 in the atrium (${Date.now() % 100_000})`;

const ring = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Stories' }).getByRole('button', { name: new RegExp(`^${name}: \\d`) });

beforeAll(async () => {
  stack = await startStack();
  a = await register(stack, 'Ada', 'Okafor');
  b = await register(stack, 'Ben', 'Larsen');
  const invite = await api<{ data: { id: number } }>(stack, `/api/v1/users/${b.id}/connect`, a.token, {
    method: 'POST',
  });
  await api(stack, `/api/v1/connections/${invite.data.id}/accept`, b.token, { method: 'POST' });
  pageA = await signedInPage(stack.browser, stack, a);
  pageB = await signedInPage(stack.browser, stack, b);
  for (const page of [pageA, pageB]) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chats' }).click();
    await page.getByRole('list', { name: 'Stories' }).waitFor();
  }
});

afterAll(async () => {
  await stack?.stop();
});

describe('stories', () => {
  it('A shares a text story from the New Message drawer', async () => {
    await pageA.getByRole('button', { name: 'New message' }).click();
    await pageA.getByRole('dialog', { name: 'New Message' }).getByRole('button', { name: 'New Story' }).click();
    const sheet = pageA.getByRole('dialog', { name: 'New Story' });
    await sheet.getByRole('tab', { name: 'Text' }).click();
    await sheet.getByLabel('Story text').fill(TEXT);
    await sheet.getByRole('radio', { name: 'sunset' }).click();
    expect(await seriousA11yViolations(pageA)).toEqual([]);
    await screenshot(pageA, 'story-new-text');
    await sheet.getByRole('button', { name: 'Share' }).click();
    await pageA.getByText('Story shared for 24 hours.').waitFor();
    await ring(pageA, 'Your story').waitFor();
  });

  it('B sees the ring live, unseen; views both stories (tap right/left, Space and hold pause, swipe down closes); the ring turns seen', async () => {
    // A second story, so there is somewhere to tap to.
    await api(stack, '/api/v1/stories', a.token, {
      method: 'POST',
      body: JSON.stringify({ text: `Second story (${TEXT})`, background: 'forest' }),
    });
    const ada = ring(pageB, 'Ada Okafor');
    await pageB
      .getByRole('list', { name: 'Stories' })
      .getByRole('button', { name: /^Ada Okafor: 2 stories, not seen$/ })
      .waitFor();
    await screenshot(pageB, 'story-rings');

    await ada.click();
    const viewer = pageB.getByRole('dialog', { name: 'Stories of Ada Okafor' });
    await viewer.getByText(TEXT, { exact: true }).waitFor();
    expect(pageB.url()).toContain('story=');
    // Space stops the clock, so the taps below are not raced by the 5 s advance.
    await pageB.keyboard.press('Space');
    await viewer.getByText('Paused').waitFor();
    await viewer.getByText('1 of 2').waitFor();
    await screenshot(pageB, 'story-viewer');
    const box = await viewer.boundingBox();
    if (!box) throw new Error('the viewer has no box');
    const mid = box.y + box.height / 2;
    await pageB.mouse.click(box.x + box.width * 0.8, mid);
    await viewer.getByText('2 of 2').waitFor();
    await viewer.getByText(`Second story (${TEXT})`).waitFor();
    await pageB.mouse.click(box.x + box.width * 0.15, mid);
    await viewer.getByText('1 of 2').waitFor();
    await pageB.keyboard.press('Space');
    await viewer.getByText('Paused').waitFor({ state: 'detached' });
    // Hold: paused while the press lasts (a press held past 300 ms is a hold, not a tap).
    await pageB.mouse.move(box.x + box.width / 2, mid);
    await pageB.mouse.down();
    await viewer.getByText('Paused').waitFor();
    await pageB.waitForTimeout(400);
    await pageB.mouse.up();
    await viewer.getByText('Paused').waitFor({ state: 'detached' });
    await viewer.getByText('1 of 2').waitFor();
    await pageB.keyboard.press('ArrowRight');
    await viewer.getByText('2 of 2').waitFor();
    // Swipe down closes.
    await pageB.mouse.move(box.x + box.width / 2, box.y + 200);
    await pageB.mouse.down();
    await pageB.mouse.move(box.x + box.width / 2, box.y + 420, { steps: 5 });
    await pageB.mouse.up();
    await viewer.waitFor({ state: 'detached' });
    expect(pageB.url()).not.toContain('story=');
    await pageB
      .getByRole('list', { name: 'Stories' })
      .getByRole('button', { name: /^Ada Okafor: 2 stories, seen$/ })
      .waitFor();
    await screenshot(pageB, 'story-rings-seen');
  });

  it('Escape closes the viewer too', async () => {
    await ring(pageB, 'Ada Okafor').click();
    const viewer = pageB.getByRole('dialog', { name: 'Stories of Ada Okafor' });
    await viewer.waitFor();
    await pageB.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
  });

  it('the seen state is kept: after a reload the ring is still seen', async () => {
    await pageB.reload();
    await ring(pageB, 'Ada Okafor').waitFor();
    expect(await ring(pageB, 'Ada Okafor').getAttribute('aria-label')).toMatch(/, seen$/);
  });

  it('24 hours later on the mock’s clock the story is gone', async () => {
    const res = await fetch(`${stack.mockUrl}/__mock/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: 86_400_000 }),
    });
    expect(res.ok).toBe(true);
    await pageB.reload();
    await pageB.getByRole('list', { name: 'Stories' }).waitFor();
    expect(await ring(pageB, 'Ada Okafor').count()).toBe(0);
    await screenshot(pageB, 'story-expired');
  });
});
