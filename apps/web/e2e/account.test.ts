import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshot, seriousA11yViolations, startStack, VIEWPORT } from './harness.ts';
import { api, type Member, register, signIn } from './people.ts';

let stack: Stack;
let member: Member;
let page: Page;

beforeAll(async () => {
  stack = await startStack();
  member = await register(stack, 'Casey', 'Morgan');
  page = await stack.browser.newPage({ viewport: VIEWPORT });
  page.setDefaultTimeout(10_000);
});

afterAll(async () => {
  await stack?.stop();
});

async function ask(email: string): Promise<string> {
  await page.goto(`${stack.appUrl}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await screenshot(page, 'forgot-password-form');
  await page.getByRole('button', { name: 'Send the link' }).click();
  return (await page.getByRole('status').filter({ hasText: 'link' }).textContent()) ?? '';
}

describe('forgot password', () => {
  it('A asks for a link, takes it from the outbox, sets a new password and signs in with it', async () => {
    const unknown = await ask('nobody-here@cohort.test');
    const known = await ask(member.email);
    // The same answer whether or not the e-mail has an account.
    expect(known).toBe(unknown);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'forgot-password');

    const mail = await api<{ data: { link: string }[] }>(
      stack,
      `/__mock/mail?to=${encodeURIComponent(member.email)}`,
      null,
    );
    const token = new URL(mail.data[0]?.link ?? '').searchParams.get('token') ?? '';
    expect(token).not.toBe('');
    await page.goto(`${stack.appUrl}/reset-password?token=${token}`);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();

    // Every broken rule at once; what was typed stays.
    await page.getByLabel('New password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm new password').fill('abd');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    const rules = page.getByRole('list', { name: 'What the password still needs' });
    await rules.getByText('Password must be at least 4 characters').waitFor();
    await rules.getByText('The passwords do not match').waitFor();
    expect(await page.getByLabel('New password', { exact: true }).inputValue()).toBe('abc');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'reset-password-rules');

    await page.getByLabel('New password', { exact: true }).fill('second-secret');
    await page.getByLabel('Confirm new password').fill('second-secret');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your password is changed. Sign in with it.').waitFor();
    await signIn(page, stack, { email: member.email, password: 'second-secret' });

    // The link works once.
    await page.goto(`${stack.appUrl}/reset-password?token=${token}`);
    await page.getByLabel('New password', { exact: true }).fill('third-secret');
    await page.getByLabel('Confirm new password').fill('third-secret');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByText('This link was already used. Ask for a new one.').waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    await screenshot(page, 'reset-password-used');
  });
});
