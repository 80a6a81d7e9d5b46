import { type MockControl, mockControl } from '@cohort/mock/testing';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshot, startStack } from './harness.ts';
import { signedInPage } from './people.ts';

let stack: Stack;
let page: Page;
let mock: MockControl;

beforeAll(async () => {
  stack = await startStack();
  mock = mockControl(stack.mockUrl);
  page = await signedInPage(stack.browser, stack, stack.demo);
  page.setDefaultTimeout(20_000);
});

// An override outlives a failed test otherwise, and would fail the next one for a reason of its own.
afterEach(async () => {
  await mock.clearOverrides();
});

afterAll(async () => {
  await stack?.stop();
});

describe('the mock helper from a browser test (@cohort/mock/testing)', () => {
  it('an override makes the notes fail to load, and the app says so', async () => {
    // The signed-in page loads the notes (answered 200): wait for that answer, then only what follows the
    // override counts. Marking while that first load was still in flight counted its 200 as the override's.
    await expect.poll(async () => (await mock.requests('listNotes')).length).toBeGreaterThan(0);
    const since = await mock.mark();
    await mock.override('listNotes', 503, { success: false, message: 'Notes are down for this test.' });
    await page.reload();
    await page.getByText('Could not load notes: Notes are down for this test.').waitFor();
    await screenshot(page, 'override-notes-load-failed');
    const calls = await mock.requests('listNotes', { since });
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.map(({ status, overridden }) => ({ status, overridden }))).toEqual(
      calls.map(() => ({ status: 503, overridden: true })),
    );
  });

  it('an override answering once fails one save; the journal shows what the app sent; the retry saves', async () => {
    await page.reload();
    await page.getByRole('button', { name: 'Add Note' }).waitFor();
    await mock.override(
      'storeNote',
      422,
      { success: false, message: 'The given data was invalid.', errors: { title: ['is already used by a note'] } },
      { times: 1 },
    );
    const since = await mock.mark();
    await page.getByRole('button', { name: 'Add Note' }).click();
    const form = page.getByRole('dialog', { name: 'Add Note' });
    await form.getByLabel('Title', { exact: true }).fill('Override check');
    await form.getByLabel('Note', { exact: true }).fill('Saved on the second try.');
    await form.getByLabel('Date', { exact: true }).fill('2026-11-25');
    await form.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => form.textContent()).toContain('is already used by a note');
    await screenshot(page, 'override-note-save-refused');

    const [sent] = await mock.requests('storeNote', { since });
    expect(sent).toMatchObject({ method: 'POST', status: 422, overridden: true });
    expect(sent?.body).toEqual({ title: 'Override check', note: 'Saved on the second try.', date: '2026-11-25' });
    expect(sent?.headers.authorization).toBe('[redacted]');

    // `times: 1` is used up: the real handler answers the retry.
    await form.getByRole('button', { name: 'Done' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByText('Override check').first().waitFor();
    expect((await mock.requests('storeNote', { since })).map((call) => call.status)).toEqual([422, 201]);
  });
});
