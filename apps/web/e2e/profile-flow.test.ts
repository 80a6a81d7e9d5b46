import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshot, screenshotTab, seriousA11yViolations, startStack, VIEWPORT } from './harness.ts';

let stack: Stack;
let page: Page;
const email = `e2e-${Date.now()}@cohort.test`;
const password = 'e2e-secret';

beforeAll(async () => {
  stack = await startStack();
  page = await stack.browser.newPage({ viewport: VIEWPORT });
  page.setDefaultTimeout(20_000);
});

afterAll(async () => {
  await stack?.stop();
});

/** Opens a picker, types into each named dropdown and clicks the option, then presses Done. */
async function pick(buttonName: string, choices: [label: string, query: string, option: string][]) {
  await page.getByRole('button', { name: buttonName, exact: true }).click();
  const dialog = page.getByRole('dialog');
  for (const [label, query, option] of choices) {
    const box = dialog.getByRole('combobox', { name: label, exact: true });
    await box.fill(query);
    await dialog.getByRole('option', { name: option, exact: true }).click();
  }
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function firstResource(kind: string): Promise<string> {
  const res = await fetch(`${stack.mockUrl}/api/v1/general/get-all-resource/?resource=${kind}&per_page=1`);
  const body = (await res.json()) as { data: { data: { name: string }[] } };
  const name = body.data.data[0]?.name;
  if (!name) throw new Error(`the mock has no ${kind}`);
  return name;
}

describe('sign up, sign in, edit the profile, view another profile, log out (real Chromium, real mock)', () => {
  it('sign-up: accessible, then registers and lands on /login with a notice', async () => {
    await page.goto(`${stack.appUrl}/signup`);
    await page.getByRole('option', { name: '2026' }).waitFor({ state: 'attached' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'signup');

    await page.getByLabel('University Name').fill(stack.demo.university);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Graduation Year').selectOption('2026');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill('mismatch');
    await expect.poll(() => page.getByText('The passwords do not match').isVisible()).toBe(true);
    await screenshot(page, 'signup-errors');
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your account is ready').waitFor();
  });

  it('sign-in: accessible, wrong password says so and keeps the input, right one opens /profile', async () => {
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'login');
    // On a desktop the app stays a centred phone-width column.
    await page.setViewportSize({ width: 1280, height: 800 });
    const box = await page.locator('main').boundingBox();
    expect(box?.width).toBeLessThanOrEqual(480);
    expect(Math.round((box?.x ?? 0) * 2 + (box?.width ?? 0))).toBe(1280);
    await screenshot(page, 'login-desktop');
    await page.setViewportSize(VIEWPORT);
    await page.getByLabel('University Name').fill(stack.demo.university);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await screenshot(page, 'login-error');

    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/profile');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null'));
    expect(stored.token).toEqual(expect.any(String));
    expect(stored.id).toMatch(/^usr_/);
  });

  it("'Edit my profile' saves through PATCH users/me", async () => {
    await screenshot(page, 'profile');
    await page.getByRole('button', { name: 'Edit my profile' }).click();
    const sheet = page.getByRole('dialog', { name: 'Edit my profile' });
    await sheet.getByLabel('First name').fill('Ada');
    await sheet.getByLabel('Last name').fill('Lovelace');
    await sheet.getByLabel('Mobile').fill('+1 650 555 0100');
    await screenshot(page, 'profile-edit');
    await sheet.getByRole('button', { name: 'Save' }).click();
    await sheet.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    await page.getByText('+1 650 555 0100').waitFor();
  });

  it('the Saved Messages toggle shows saved messages from the server in place of the tabs', async () => {
    await page.getByRole('switch', { name: 'Saved Messages' }).click();
    await page.getByRole('region', { name: 'Saved Messages' }).getByText('No saved messages yet.').waitFor();
    expect(await page.getByRole('tablist').count()).toBe(0);
    await page.getByRole('switch', { name: 'Saved Messages' }).click();
    await page.getByRole('tablist').waitFor();
  });

  it('adds a note and removes it', async () => {
    await page.getByRole('button', { name: 'Add Note' }).click();
    const form = page.getByRole('dialog', { name: 'Add Note' });
    await form.getByLabel('Title', { exact: true }).fill('Demo night');
    await form.getByLabel('Note', { exact: true }).fill('Bring the pitch deck.');
    await form.getByLabel('Date', { exact: true }).fill('2026-11-26');
    await screenshot(page, 'profile-add-note');
    await form.getByRole('button', { name: 'Done' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByText('Bring the pitch deck.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotTab(page, 'profile-notes');

    await page.getByRole('button', { name: 'Delete note Demo night' }).click();
    await page.getByText('Bring the pitch deck.').waitFor({ state: 'detached' });
    await page.getByText('No notes yet.').waitFor();
  });

  it('the Media tab lists the photos and files the user shared, from the server', async () => {
    await page.getByRole('tab', { name: 'Media' }).click();
    await page.getByRole('heading', { name: 'Photos' }).waitFor();
    await page.getByRole('heading', { name: 'Files' }).waitFor();
    expect(await page.getByText('Photos and files shared with you will appear here.').count()).toBe(0);
    await screenshotTab(page, 'profile-media');
  });

  it('adds a club with a position (picker list scrolls at 15rem)', async () => {
    const club = await firstResource('Club');
    const position = await firstResource('Position');
    await page.getByRole('tab', { name: 'Clubs' }).click();
    await page.getByRole('button', { name: 'Add or Edit My Clubs' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Clubs', exact: true }).click();
    const listbox = dialog.getByRole('listbox', { name: 'Clubs', exact: true });
    await listbox.getByRole('option').first().waitFor();
    expect(await listbox.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('240px');
    await dialog.getByRole('combobox', { name: 'Clubs', exact: true }).fill('zzzz-no-such-club');
    await dialog.getByText('Nothing found.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'picker-nothing-found');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await pick('Add or Edit My Clubs', [
      ['Clubs', club.toUpperCase(), club],
      ['Positions', position, position],
    ]);
    await page.getByRole('list', { name: 'Clubs' }).getByText(club).waitFor();
    await page.getByRole('list', { name: 'Clubs' }).getByText(position).waitFor();
    await screenshotTab(page, 'profile-clubs');
  });

  it('adds an interest and a direction', async () => {
    const interest = await firstResource('Interest');
    const direction = await firstResource('Direction');
    await page.getByRole('tab', { name: 'Interests' }).click();
    await pick('Add or Edit My Interests', [['Interests', interest, interest]]);
    await page.getByRole('list', { name: 'Interests' }).getByText(interest).waitFor();
    await screenshotTab(page, 'profile-interests');

    await page.getByRole('tab', { name: 'Direction' }).click();
    await pick('Add or Edit My Directions', [['Directions', direction, direction]]);
    await page.getByRole('list', { name: 'Directions' }).getByText(direction).waitFor();
    await screenshotTab(page, 'profile-direction');
  });

  it('saves an experience', async () => {
    const university = await firstResource('University');
    const major = await firstResource('Major');
    const degree = await firstResource('Degree');
    await page.getByRole('tab', { name: 'Experience' }).click();
    await page.getByText('No education added yet.').waitFor();
    await pick('Edit', [
      ['University', university, university],
      ['Major/Concentration', major, major],
      ['Graduation Year', '2026', '2026'],
      ['Degree', degree, degree],
    ]);
    await page.getByText('To save:').waitFor();
    await page.getByRole('button', { name: 'Save My Experience' }).click();
    await page.getByRole('list', { name: 'Education' }).getByText(university).waitFor();
    await page.getByRole('list', { name: 'Education' }).getByText('Class of 2026').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotTab(page, 'profile-experience');
  });

  it("opens another user's profile with no edit controls", async () => {
    const login = await fetch(`${stack.mockUrl}/api/v1/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ uniName: stack.demo.university, email: stack.demo.email, password: stack.demo.password }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const me = await fetch(`${stack.mockUrl}/api/v1/users/me`, { headers: { Authorization: `Bearer ${token}` } });
    const demo = ((await me.json()) as { data: { id: string; first_name: string; last_name: string } }).data;

    await page.goto(`${stack.appUrl}/otherProfile?id=${demo.id}`);
    await page.getByRole('heading', { name: `${demo.first_name} ${demo.last_name}` }).waitFor();
    await page.getByRole('tab', { name: 'Notes' }).waitFor();
    const forbidden = /Add Note|Delete|Remove|Edit|Add or Edit|Save My Experience|Upload Resume/;
    for (const tab of ['Notes', 'Clubs', 'Experience', 'Direction', 'Interests']) {
      await page.getByRole('tab', { name: tab }).click();
      // Not `networkidle`: the tab's live stream stays open. The tab has loaded once nothing says Loading.
      await expect.poll(() => page.getByText(/Loading/).count()).toBe(0);
      expect(await page.getByRole('button', { name: forbidden }).count()).toBe(0);
    }
    expect(await page.getByRole('switch', { name: 'Saved Messages' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'other-profile');
  });

  it('logs out: the token is gone and /profile redirects to /login', async () => {
    await page.goto(`${stack.appUrl}/profile`);
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menu').waitFor();
    await screenshot(page, 'profile-more-menu');
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    await page.goto(`${stack.appUrl}/profile`);
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });
});
