import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a11yViolations, type Stack, screenshot, startStack, VIEWPORT } from './harness.ts';
import { api, login, register, signedInPage } from './people.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

async function openSettings(page: Page): Promise<void> {
  await page.goto(`${stack.appUrl}/profile`);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Change password' }).waitFor();
}

/** A at both sizes, each looked at: the phone and a desktop window. */
async function bothSizes(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(VIEWPORT);
}

describe('settings', () => {
  it('change the password: the other device is signed out, and the new password signs in', async () => {
    const member = await register(stack, 'Rowan', 'Hale');
    const elsewhere = await login(stack, member.email, member.password);
    const page = await signedInPage(stack.browser, stack, member);
    await openSettings(page);
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await devices.getByText('This device').waitFor();
    await devices.getByText('Another device').first().waitFor();
    expect(await a11yViolations(page)).toEqual([]);
    await bothSizes(page, 'settings');

    await page.getByLabel('Current password').fill(member.password);
    await page.getByLabel('New password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm new password').fill('abc');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password must be at least 4 characters').waitFor();
    expect(await page.getByLabel('New password', { exact: true }).inputValue()).toBe('abc');

    await page.getByLabel('New password', { exact: true }).fill('second-secret');
    await page.getByLabel('Confirm new password').fill('second-secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed. Every other device was signed out.').waitFor();
    await screenshot(page, 'settings-password-changed');
    // The other session's token no longer works; this one still does.
    const other = await fetch(`${stack.mockUrl}/api/v1/users/me`, {
      headers: { authorization: `Bearer ${elsewhere}` },
    });
    expect(other.status).toBe(401);
    await devices.getByText('This device').waitFor();
    expect(await devices.getByText('Another device').count()).toBe(0);

    const fresh = await signedInPage(stack.browser, stack, { email: member.email, password: 'second-secret' });
    await fresh.getByRole('heading', { name: 'My Profile' }).waitFor();
    await fresh.context().close();
    await page.context().close();
  });

  it('privacy "Nobody" hides the e-mail from a connected second user', async () => {
    const a = await register(stack, 'Sasha', 'Lind');
    const b = await register(stack, 'Theo', 'Marsh');
    const invite = await api<{ data: { id: number } }>(stack, `/api/v1/users/${a.id}/connect`, b.token, {
      method: 'POST',
    });
    await api(stack, `/api/v1/connections/${invite.data.id}/accept`, a.token, { method: 'POST' });

    const pageB = await signedInPage(stack.browser, stack, b);
    await pageB.goto(`${stack.appUrl}/otherProfile?id=${encodeURIComponent(a.id)}`);
    const contact = pageB.getByRole('definition').filter({ hasText: a.email });
    await contact.waitFor();

    const pageA = await signedInPage(stack.browser, stack, a);
    await openSettings(pageA);
    const email = pageA.getByRole('group', { name: 'Who sees my e-mail' });
    expect(await email.getByRole('radio', { name: 'Connections' }).isChecked()).toBe(true);
    await email.getByRole('radio', { name: 'Nobody' }).check();
    await pageA.getByText('Saved.').waitFor();
    expect(await email.getByRole('radio', { name: 'Nobody' }).isChecked()).toBe(true);
    expect(await a11yViolations(pageA)).toEqual([]);
    await screenshot(pageA, 'settings-privacy-nobody');

    await pageB.reload();
    await pageB.getByRole('heading', { name: 'Sasha Lind' }).waitFor();
    await pageB.locator('dl[aria-label="Contact"]').getByText('Not shown to you').first().waitFor();
    expect(await pageB.getByText(a.email).count()).toBe(0);
    await screenshot(pageB, 'settings-privacy-seen-by-connection');
    await pageA.context().close();
    await pageB.context().close();
  });

  it('delete the account: typed DELETE and the password, then signed out to /login and gone', async () => {
    const member = await register(stack, 'Quinn', 'Abbot');
    const page = await signedInPage(stack.browser, stack, member);
    await openSettings(page);
    const form = page.getByRole('form', { name: 'Delete account' });
    await form.getByLabel('Type DELETE to confirm').fill('DELETE');
    await form.getByLabel('Password').fill('not-the-password');
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await form.getByText('This is not your current password.').waitFor();
    await form.getByLabel('Password').fill(member.password);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your account is deleted, with everything it held.').waitFor();
    await screenshot(page, 'settings-account-deleted');
    const me = await fetch(`${stack.mockUrl}/api/v1/users/${member.id}`, {
      headers: { authorization: `Bearer ${await login(stack, stack.demo.email, stack.demo.password)}` },
    });
    expect(me.status).toBe(404);
    await page.context().close();
  });
});
