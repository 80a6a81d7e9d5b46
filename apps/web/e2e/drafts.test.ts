import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshot, startStack } from './harness.ts';
import { api, type Member, register, signedInPage } from './people.ts';

/**
 * One person on two devices (two browser contexts): A is typing when B ends A's session ("Sign out
 * everywhere else", or a password reset). A goes to sign-in, and signing in again brings A back to
 * the same screen with the text where it was. The drafts are A's alone: another person signing in
 * on A's browser sees none, and A's own explicit sign-out forgets them.
 */

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

const composer = (page: Page) => page.getByRole('region', { name: 'New post' }).getByLabel('Write a post');
const post = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

/** The sign-in form filled and sent, without assuming where it leads. */
async function signInAgain(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.getByLabel('University Name').fill(stack.demo.university);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The session ended from elsewhere: A is on sign-in, told that what was typed is kept. */
async function sentToSignIn(page: Page): Promise<void> {
  await page.waitForURL('**/login', { timeout: 20_000 });
  await page.getByText('what you were typing is kept').waitFor();
}

async function logOut(page: Page): Promise<void> {
  await page.goto(`${stack.appUrl}/profile`);
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL('**/login');
}

/** Device B sets a new password through the mailed link (which ends every session of the account). */
async function resetPasswordOn(page: Page, member: Member, password: string): Promise<void> {
  await api(stack, '/api/v1/password/forgot', null, { method: 'POST', body: JSON.stringify({ email: member.email }) });
  const mail = await api<{ data: { link: string }[] }>(
    stack,
    `/__mock/mail?to=${encodeURIComponent(member.email)}`,
    null,
  );
  const token = new URL(mail.data.at(-1)?.link ?? '').searchParams.get('token') ?? '';
  await page.goto(`${stack.appUrl}/reset-password?token=${token}`);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await page.getByText('Your password is changed. Sign in with it.').waitFor();
}

describe('drafts across a session ended from another device', () => {
  it('a post and a comment: "Sign out everywhere else" on B, A signs in again and is back on the feed with both', async () => {
    const me = await register(stack, 'Dara', 'Quinn');
    await api(stack, '/api/v1/posts', me.token, {
      method: 'POST',
      body: JSON.stringify({ text: 'Seminar moved to Friday' }),
    });
    const a = await signedInPage(stack.browser, stack, me);
    const b = await signedInPage(stack.browser, stack, me);

    await a.goto(`${stack.appUrl}/news-feed`);
    await composer(a).fill('Half a post about the seminar');
    await post(a, 'Seminar moved to Friday')
      .getByRole('button', { name: /Comments/ })
      .click();
    const sheet = a.getByRole('dialog', { name: /Comments/ });
    await sheet.getByLabel('Write a comment').fill('Is it still in room 4?');
    const where = new URL(a.url());

    await b.goto(`${stack.appUrl}/settings`);
    await b.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect.poll(() => b.getByText('Another device').count()).toBe(0);

    await sentToSignIn(a);
    await screenshot(a, 'drafts-signed-out-elsewhere');
    await signInAgain(a, me);
    // Back on the screen A was on (the URL as it was), not My Profile.
    await a.waitForURL((url) => url.pathname === where.pathname && url.search === where.search);
    await expect.poll(() => composer(a).inputValue()).toBe('Half a post about the seminar');
    await post(a, 'Seminar moved to Friday')
      .getByRole('button', { name: /Comments/ })
      .click();
    const again = a.getByRole('dialog', { name: /Comments/ });
    expect(await again.getByLabel('Write a comment').inputValue()).toBe('Is it still in room 4?');
    await screenshot(a, 'drafts-comment-back');

    // Sent, a draft is gone: a reload (the tab's storage survives it) shows empty boxes.
    await again.getByRole('button', { name: 'Send' }).click();
    await again.getByRole('list', { name: 'Comments' }).getByText('Is it still in room 4?', { exact: true }).waitFor();
    // The stream can show the comment before the send's own answer empties the box.
    await expect.poll(() => again.getByLabel('Write a comment').inputValue()).toBe('');
    await again.getByRole('button', { name: 'Close' }).click();
    await a.getByRole('region', { name: 'New post' }).getByRole('button', { name: 'Post' }).click();
    await post(a, 'Half a post about the seminar').waitFor();
    await a.reload();
    await post(a, 'Half a post about the seminar').waitFor();
    expect(await composer(a).inputValue()).toBe('');
    await post(a, 'Seminar moved to Friday')
      .getByRole('button', { name: /Comments/ })
      .click();
    expect(
      await a
        .getByRole('dialog', { name: /Comments/ })
        .getByLabel('Write a comment')
        .inputValue(),
    ).toBe('');
    await a.context().close();
    await b.context().close();
  });

  it('a profile edit and a post: a password reset on B; another person on A sees neither; A has both until A logs out', async () => {
    const me = await register(stack, 'Noor', 'Haddad');
    const other = await register(stack, 'Pat', 'Lowe');
    const a = await signedInPage(stack.browser, stack, me);
    const b = await signedInPage(stack.browser, stack, me);

    await a.goto(`${stack.appUrl}/profile`);
    await a.getByRole('button', { name: 'Edit my profile' }).click();
    const edit = a.getByRole('dialog', { name: 'Edit my profile' });
    await edit.getByLabel('About').fill('Studying tide pools this term');
    await a.goto(`${stack.appUrl}/news-feed`);
    await composer(a).fill('A post I will finish later');

    await resetPasswordOn(b, me, 'second-secret');
    await sentToSignIn(a);

    // Another person signing in on A's browser: not taken to A's screen; no edit form, an empty composer.
    await signInAgain(a, other);
    await a.waitForURL('**/profile');
    await a.getByRole('heading', { name: 'My Profile' }).waitFor();
    await a.getByRole('button', { name: 'Edit my profile' }).waitFor();
    expect(await a.getByRole('dialog').count()).toBe(0);
    await a.goto(`${stack.appUrl}/news-feed`);
    await composer(a).waitFor();
    expect(await composer(a).inputValue()).toBe('');
    await logOut(a);

    // A again: the profile edit is open where it was left, the post still in the composer.
    const mine = { email: me.email, password: 'second-secret' };
    await signInAgain(a, mine);
    await a.waitForURL('**/profile');
    const reopened = a.getByRole('dialog', { name: 'Edit my profile' });
    await expect.poll(() => reopened.getByLabel('About').inputValue()).toBe('Studying tide pools this term');
    await screenshot(a, 'drafts-profile-edit-back');
    // Cancel is the person's own choice: the edit is forgotten, the post draft is not.
    await reopened.getByRole('button', { name: 'Cancel' }).click();
    await reopened.waitFor({ state: 'detached' });
    await a.reload();
    await a.getByRole('button', { name: 'Edit my profile' }).waitFor();
    expect(await a.getByRole('dialog').count()).toBe(0);
    await a.goto(`${stack.appUrl}/news-feed`);
    await expect.poll(() => composer(a).inputValue()).toBe('A post I will finish later');

    // A's own Log out forgets it.
    await logOut(a);
    await signInAgain(a, mine);
    await a.waitForURL('**/profile');
    await a.goto(`${stack.appUrl}/news-feed`);
    await composer(a).waitFor();
    expect(await composer(a).inputValue()).toBe('');
    await a.context().close();
    await b.context().close();
  });
});
