import type { Browser, Page } from 'playwright-core';
import type { Stack } from './harness.ts';
import { VIEWPORT } from './harness.ts';

/** A fresh member registered through the API, so a test starts with nobody connected or invited. */
export interface Member {
  id: string;
  email: string;
  password: string;
  token: string;
  first_name: string;
  last_name: string;
}

export async function api<T>(stack: Stack, path: string, token: string | null, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${stack.mockUrl}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return (await res.json()) as T;
}

export async function login(stack: Stack, email: string, password: string): Promise<string> {
  const r = await api<{ data: { access_token: string } }>(stack, '/api/v1/login', null, {
    method: 'POST',
    body: JSON.stringify({ uniName: stack.demo.university, email, password }),
  });
  return r.data.access_token;
}

export async function register(stack: Stack, first: string, last: string): Promise<Member> {
  const email = `${first.toLowerCase()}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@cohort.test`;
  const password = 'first-secret';
  await api(stack, '/api/v1/register', null, {
    method: 'POST',
    body: JSON.stringify({
      university_name: stack.demo.university,
      email,
      password,
      graduation_year: 2026,
      first_name: first,
      last_name: last,
    }),
  });
  const token = await login(stack, email, password);
  const me = await api<{ data: { id: string } }>(stack, '/api/v1/users/me', token);
  return { id: me.data.id, email, password, token, first_name: first, last_name: last };
}

/** A browser context of its own (its own localStorage: its own session), signed in through the form. */
export async function signedInPage(
  browser: Browser,
  stack: Stack,
  who: { email: string; password: string },
): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(`${stack.appUrl}/login`);
  await signIn(page, stack, who);
  return page;
}

export async function signIn(page: Page, stack: Stack, who: { email: string; password: string }): Promise<void> {
  await page.getByLabel('University Name').fill(stack.demo.university);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/profile');
}

/** Adds a note from the profile's Add Note form and waits until its `text` shows on the page. */
export async function addNote(page: Page, note: { title: string; text: string; date: string }): Promise<void> {
  await page.getByRole('button', { name: 'Add Note' }).click();
  const form = page.getByRole('dialog', { name: 'Add Note' });
  await form.getByLabel('Title', { exact: true }).fill(note.title);
  await form.getByLabel('Note', { exact: true }).fill(note.text);
  await form.getByLabel('Date', { exact: true }).fill(note.date);
  await form.getByRole('button', { name: 'Done' }).click();
  await form.waitFor({ state: 'detached' });
  await page.getByText(note.text).first().waitFor();
}
