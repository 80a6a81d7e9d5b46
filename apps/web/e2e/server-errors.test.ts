import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshot, startStack, VIEWPORT } from './harness.ts';

let stack: Stack;
let page: Page;

beforeAll(async () => {
  // Every API request answers 503 with the error envelope.
  stack = await startStack(['--error-rate', '1']);
  page = await stack.browser.newPage({ viewport: VIEWPORT });
  page.setDefaultTimeout(20_000);
});

afterAll(async () => {
  await stack?.stop();
});

describe('with the mock failing every request (--error-rate 1)', () => {
  it('sign-in shows the server error and keeps the input', async () => {
    await page.goto(`${stack.appUrl}/login`);
    await page.getByLabel('University Name').fill(stack.demo.university);
    await page.getByLabel('Email').fill(stack.demo.email);
    await page.getByLabel('Password').fill(stack.demo.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('--error-rate');
    expect(await page.getByLabel('Email').inputValue()).toBe(stack.demo.email);
  });

  it('a failed note save shows an error and keeps the typed text', async () => {
    // A stored session, as after an earlier sign-in: the server failing is not a sign-out.
    await page.evaluate(() =>
      localStorage.setItem('userInfo', JSON.stringify({ token: 'x'.repeat(40), id: 'usr_e2e0000000000000' })),
    );
    // The live stream fails like every other request (a made-up token must not reach the server).
    await page.route('**/api/v1/users/me/stream', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"message":"Down."}' }),
    );
    await page.goto(`${stack.appUrl}/profile`);
    await page.getByText(/Could not load notes/).waitFor();
    await page.getByRole('button', { name: 'Add Note' }).click();
    const form = page.getByRole('dialog', { name: 'Add Note' });
    await form.getByLabel('Title', { exact: true }).fill('Will not save');
    await form.getByLabel('Note', { exact: true }).fill('The server is down right now.');
    await form.getByLabel('Date', { exact: true }).fill('2026-11-26');
    await form.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toContain('The note was not saved');
    expect(await form.getByLabel('Title', { exact: true }).inputValue()).toBe('Will not save');
    expect(await form.getByLabel('Note', { exact: true }).inputValue()).toBe('The server is down right now.');
    expect(await form.getByLabel('Date', { exact: true }).inputValue()).toBe('2026-11-26');
    await screenshot(page, 'note-save-failed');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await screenshot(page, 'profile-load-failed');
    expect(page.url()).toMatch(/\/profile$/);
  });
});
