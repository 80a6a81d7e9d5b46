import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshot, seriousA11yViolations, startStack, VIEWPORT } from './harness.ts';

let stack: Stack;
let page: Page;
let token: string;
const LIST_NAME = 'E2E two people';

beforeAll(async () => {
  stack = await startStack();
  page = await stack.browser.newPage({ viewport: VIEWPORT });
  page.setDefaultTimeout(10_000);
  const res = await fetch(`${stack.mockUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uniName: stack.demo.university, email: stack.demo.email, password: stack.demo.password }),
  });
  token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
});

afterAll(async () => {
  await stack?.stop();
});

/** A class year in which at least two people of the demo's university are found (from the mock itself). */
async function yearWithTwoPeople(university: string): Promise<number> {
  for (let year = new Date().getFullYear() + 2; year > 1990; year--) {
    const query = new URLSearchParams({ class_of: String(year), university, per_page: '1' });
    const res = await fetch(`${stack.mockUrl}/api/v1/users/search?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { data: { total: number } };
    if (body.data.total >= 2) return year;
  }
  throw new Error('no class year with two people');
}

/** Opens a filter row's panel, ticks the option found by typing `query`, and presses Add. */
async function addFilter(row: string, query: string, option: string) {
  await page.getByRole('button', { name: row, exact: true }).click();
  const panel = page.getByRole('dialog', { name: row });
  await panel.getByRole('textbox').first().fill(query);
  await panel.getByRole('checkbox', { name: option, exact: true }).check();
  await panel.getByRole('button', { name: 'Add' }).click();
  await panel.waitFor({ state: 'detached' });
  await page
    .getByRole('list', { name: `${row} chosen` })
    .getByText(option, { exact: true })
    .waitFor();
}

describe('directory → saved list → profile connector → delete and restore (real Chromium, real mock)', () => {
  it('signs in as the demo account', async () => {
    await page.goto(`${stack.appUrl}/login`);
    await page.getByLabel('University Name').fill(stack.demo.university);
    await page.getByLabel('Email').fill(stack.demo.email);
    await page.getByLabel('Password').fill(stack.demo.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/profile');
  });

  it('filters by class year and university, shows results, saves two people as a list', async () => {
    const university = stack.demo.university;
    const year = await yearWithTwoPeople(university);
    await page.goto(`${stack.appUrl}/contacts`);
    await page.getByRole('button', { name: 'Class of...' }).click();
    const yearPanel = page.getByRole('dialog', { name: 'Class of...' });
    await yearPanel.getByPlaceholder('Select Year').waitFor();
    await screenshot(page, 'directory-filter-panel');
    await yearPanel.getByRole('button', { name: 'Cancel' }).click();
    await addFilter('Class of...', String(year), String(year));
    await addFilter('University', university.slice(0, 6), university);
    expect(await page.getByRole('button', { name: 'Find People Nearby' }).isEnabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'directory-tags');

    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('dialog', { name: 'Search results' });
    const boxes = results.getByRole('list', { name: 'People found' }).getByRole('checkbox');
    await boxes.first().waitFor();
    expect(await boxes.count()).toBeGreaterThanOrEqual(2);
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await results.getByText('2 selected').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'directory-results');

    await results.getByRole('button', { name: 'Save Search List' }).click();
    const save = page.getByRole('dialog', { name: 'Save Search List' });
    await save.getByText('Saves the 2 people you selected.').waitFor();
    await save.getByLabel('List name').fill(LIST_NAME);
    await save.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/savedlists');
    const row = page
      .getByRole('list', { name: 'All Saved Lists' })
      .getByRole('button', { name: new RegExp(LIST_NAME) });
    await row.waitFor();
    expect(await row.textContent()).toContain('2 people');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'savedlists');
  });

  it('opens the list and steps through the profile connector, removing one person', async () => {
    await page
      .getByRole('list', { name: 'All Saved Lists' })
      .getByRole('button', { name: new RegExp(LIST_NAME) })
      .click();
    await page.getByRole('heading', { name: LIST_NAME }).waitFor();
    await page.getByText('Select people to message or add to group').waitFor();
    const people = page.getByRole('list', { name: 'People in this list' }).getByRole('checkbox');
    expect(await people.count()).toBe(2);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'savedlist-detail');

    await page.getByRole('button', { name: 'Enter Individual Profile Connector' }).click();
    await page.waitForURL('**/otherProfile');
    await page.getByText('Person 1 of 2').waitFor();
    await page.getByRole('button', { name: 'Invite to Connect' }).click();
    await page.getByText('Invitation to connect sent.').waitFor();
    await screenshot(page, 'profile-connector');
    const first = (await page.getByRole('heading', { level: 2 }).textContent()) ?? '';
    await page.getByRole('button', { name: 'Remove from List' }).click();
    await page.getByText('Person 2 of 2').waitFor();
    const second = page.getByRole('heading', { level: 2 });
    await second.filter({ hasNotText: first }).waitFor();
    const name = (await second.textContent()) ?? '';
    // The round trip to Shared Groups comes back to the same person, not to person 1 of 2.
    await page.getByRole('link', { name: 'View Shared Groups' }).click();
    await page.waitForURL('**/otherGroup');
    await page.getByRole('heading', { name: 'Shared Groups' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/otherProfile');
    await page.getByText('Person 2 of 2').waitFor();
    await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 2, name: first, exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Keep in List' }).click();
    await page.getByText('You have gone through everyone you chose in this list.').waitFor();
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.getByRole('heading', { name: LIST_NAME }).waitFor();
    await page.getByText('1 person', { exact: false }).first().waitFor();
    expect(await page.getByRole('list', { name: 'People in this list' }).getByRole('checkbox').count()).toBe(1);
  });

  it('deletes the list and restores it from Recently Deleted', async () => {
    await page.getByRole('button', { name: 'Delete List' }).click();
    const deleted = page.getByRole('list', { name: 'Recently Deleted' });
    await deleted.getByText(LIST_NAME).waitFor();
    expect(
      await page
        .getByRole('list', { name: 'All Saved Lists' })
        .getByRole('button', { name: new RegExp(LIST_NAME) })
        .count(),
    ).toBe(0);
    await screenshot(page, 'savedlists-deleted');
    await deleted.getByRole('listitem').filter({ hasText: LIST_NAME }).getByRole('button', { name: 'Restore' }).click();
    const restored = page
      .getByRole('list', { name: 'All Saved Lists' })
      .getByRole('button', { name: new RegExp(LIST_NAME) });
    await restored.waitFor();
    expect(await restored.textContent()).toContain('1 person');
    await deleted.getByText(LIST_NAME).waitFor({ state: 'detached' });
  });
});

describe('acting on search results and lists (real Chromium, real mock)', () => {
  it('keeps the filters, invites two people to a group, then opens a chat with them', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
    await page.getByRole('list', { name: 'University chosen' }).waitFor();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('dialog', { name: 'Search results' });
    const boxes = results.getByRole('list', { name: 'People found' }).getByRole('checkbox');
    await boxes.nth(1).waitFor();
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await results.getByRole('button', { name: 'Invite to Group' }).click();
    const picker = page.getByRole('dialog', { name: 'Invite to Group' });
    await picker.getByRole('list', { name: 'Your groups' }).getByRole('button').first().click();
    await page.getByText(/invitations? sent to join/).waitFor();
    await picker.waitFor({ state: 'detached' });
    await results.getByRole('button', { name: 'Message Selected Contacts' }).click();
    await page.waitForURL(/\/chatInbox\?id=chan_/);
  });

  it('Create Group From List makes a group of a saved list and opens its profile', async () => {
    await page.goto(`${stack.appUrl}/contacts`);
    await page.getByRole('heading', { name: 'Contacts' }).waitFor();
    await page.getByRole('button', { name: 'Create Group From List' }).click();
    const sheet = page.getByRole('dialog', { name: 'Create Group From List' });
    await sheet.getByRole('button', { name: new RegExp(LIST_NAME) }).click();
    await sheet.getByLabel('Group Name').fill('E2E group from a list');
    await screenshot(page, 'directory-create-group');
    await sheet.getByRole('button', { name: 'Create Group' }).click();
    await page.waitForURL(/\/group-profile\?id=chan_/);
  });
});

describe('group management (real Chromium, real mock)', () => {
  it('the More menu shows the real counts and opens My Groups', async () => {
    await page.goto(`${stack.appUrl}/profile`);
    await page.getByRole('button', { name: 'More' }).click();
    const menu = page.getByRole('menu', { name: 'More' });
    await menu.getByText(/\d+ Pending/).waitFor();
    await menu.getByText(/\d+ Active · \d+ Inactive/).waitFor();
    await screenshot(page, 'profile-more-counts');
    await menu.getByRole('menuitem', { name: /My Groups/ }).click();
    await page.waitForURL('**/group?tab=active');
    await page.getByRole('tab', { name: 'My Groups', selected: true }).waitFor();
  });

  it('follows a group; it still says Following after a reload', async () => {
    const follow = page.getByRole('button', { name: /^Click to Follow: / }).first();
    const label = (await follow.getAttribute('aria-label')) ?? '';
    const name = label.replace('Click to Follow: ', '');
    await follow.click();
    await page.getByRole('button', { name: `Following: ${name}` }).waitFor();
    await screenshot(page, 'groups-my');
    await page.reload();
    await page.getByRole('button', { name: `Following: ${name}` }).waitFor();
    expect(await page.getByRole('button', { name: `Following: ${name}` }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows inactive groups with Reactivate', async () => {
    await page.getByRole('tab', { name: 'Inactive Groups' }).click();
    await page
      .getByRole('button', { name: /^Reactivate / })
      .first()
      .waitFor();
    await screenshot(page, 'groups-inactive');
  });

  it('accepts an invite and the group moves to MyGroups', async () => {
    await page.getByRole('tab', { name: 'Group Invites' }).click();
    const accept = page.getByRole('button', { name: /^Accept Invite: / }).first();
    await accept.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'groups-invites');
    const name = ((await accept.getAttribute('aria-label')) ?? '').replace('Accept Invite: ', '');
    await accept.click();
    await page.getByText(`You joined ${name}.`).waitFor();
    await page.getByRole('button', { name: `Accept Invite: ${name}` }).waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'My Groups' }).click();
    await page.getByRole('list', { name: 'My groups' }).getByText(name, { exact: true }).waitFor();
  });
});
