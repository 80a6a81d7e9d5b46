import { mockControl } from '@cohort/mock/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshot, startStack } from './harness.ts';
import { addNote, signIn } from './people.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

/** A browser test of its own: a context whose requests carry the `mock_session` cookie, signed in as the demo account. */
async function inSession(name: string): Promise<Page> {
  const context = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: 'mock_session', value: name, url: stack.appUrl }]);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(`${stack.appUrl}/login`);
  await signIn(page, stack, stack.demo);
  return page;
}

/** Adds a note titled `title` and waits until the title itself shows. */
async function addTitledNote(page: Page, title: string): Promise<void> {
  await addNote(page, { title, text: `Written in ${title}.`, date: '2026-11-25' });
  await page.getByText(title, { exact: true }).first().waitFor();
}

describe('sessions (the mock_session cookie): two browser tests at once on one server', () => {
  it("each signs in as the demo account in its own session, adds a note, and never sees the other's", async () => {
    const [a, b] = await Promise.all([inSession('story-a'), inSession('story-b')]);
    await Promise.all([addTitledNote(a, 'Only in session A'), addTitledNote(b, 'Only in session B')]);
    await Promise.all([a.reload(), b.reload()]);
    await a.getByText('Only in session A', { exact: true }).first().waitFor();
    await b.getByText('Only in session B', { exact: true }).first().waitFor();
    expect(await a.getByText('Only in session B', { exact: true }).count()).toBe(0);
    expect(await b.getByText('Only in session A', { exact: true }).count()).toBe(0);
    await screenshot(a, 'session-a-notes');
    await screenshot(b, 'session-b-notes');

    // The server holds both sessions, and its journal says which session each note went to.
    const mock = mockControl(stack.mockUrl);
    expect((await mock.sessions()).map((s) => s.name)).toEqual(expect.arrayContaining(['story-a', 'story-b']));
    const sent = await mock.requests('storeNote');
    expect(sent.map((r) => [r.session, r.body?.title]).sort()).toEqual([
      ['story-a', 'Only in session A'],
      ['story-b', 'Only in session B'],
    ]);
    await a.context().close();
    await b.context().close();
  });
});
