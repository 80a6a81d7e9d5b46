import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshot, seriousA11yViolations, startStack } from './harness.ts';
import { api, type Member, register, signedInPage } from './people.ts';

/** Two people in two browser contexts against the real mock: A blocks B, then unblocks. */

let stack: Stack;
let a: Member;
let b: Member;
let pageA: Page;
let pageB: Page;
let chatId: string;

beforeAll(async () => {
  stack = await startStack();
  a = await register(stack, 'Ada', 'Okafor');
  b = await register(stack, 'Ben', 'Larsen');
  // Connected, with a one-to-one chat: what a block takes away.
  const invite = await api<{ data: { id: number } }>(stack, `/api/v1/users/${b.id}/connect`, a.token, {
    method: 'POST',
  });
  await api(stack, `/api/v1/connections/${invite.data.id}/accept`, b.token, { method: 'POST' });
  const chat = await api<{ data: { id: string } }>(stack, '/api/v1/users/channels/store', a.token, {
    method: 'POST',
    body: JSON.stringify({
      name: 'Ada and Ben',
      description: '',
      tags: [],
      is_closed: true,
      users: [b.id],
      is_direct: true,
    }),
  });
  chatId = chat.data.id;
  pageA = await signedInPage(stack.browser, stack, a);
  pageB = await signedInPage(stack.browser, stack, b);
});

afterAll(async () => {
  await stack?.stop();
});

describe('the tab bar at 390 px', () => {
  it('fits six tabs with every label on one line', async () => {
    await pageA.goto(`${stack.appUrl}/contacts`);
    const nav = pageA.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    const lines = await nav.evaluate((el) =>
      [...el.children].map((tab) => {
        // The label is the tab's own text node: one client rect per line it takes.
        const text = [...tab.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
        const range = document.createRange();
        if (text) range.selectNodeContents(text);
        return [text?.textContent?.trim(), range.getClientRects().length, tab.scrollWidth <= tab.clientWidth];
      }),
    );
    expect(lines).toEqual([
      ['Contacts', 1, true],
      ['Saved Lists', 1, true],
      ['Chats', 1, true],
      ['News Feed', 1, true],
      ['Alerts', 1, true],
      ['Profile', 1, true],
    ]);
  });
});

describe('blocking a person', () => {
  it('A blocks B after a confirmation; the connection control goes and A’s connections drop B without a reload', async () => {
    await pageA.goto(`${stack.appUrl}/connections?tab=connections`);
    const connections = pageA.getByRole('list', { name: 'My connections' });
    await connections.getByRole('link', { name: 'Ben Larsen' }).click();
    await pageA.getByText('Connected', { exact: true }).waitFor();
    await pageA.getByRole('button', { name: 'Block' }).click();
    const dialog = pageA.getByRole('dialog', { name: 'Block Ben Larsen?' });
    await dialog.getByText(/You can no longer message each other/).waitFor();
    expect(await seriousA11yViolations(pageA)).toEqual([]);
    await screenshot(pageA, 'block-confirm');
    await dialog.getByRole('button', { name: 'Block' }).click();
    await pageA.getByRole('button', { name: 'Unblock' }).waitFor();
    expect(await pageA.getByText('Connected', { exact: true }).count()).toBe(0);
    expect(await pageA.getByRole('button', { name: 'Invite to Connect' }).count()).toBe(0);
    await screenshot(pageA, 'block-blocked-profile');

    // Back in the app (no reload): the connections list is already current.
    await pageA.goBack();
    await pageA.getByText(/No connections yet/).waitFor();
  });

  it('B’s invitation to connect and B’s message are refused with the server’s reason; the message is kept', async () => {
    await pageB.goto(`${stack.appUrl}/otherProfile?id=${encodeURIComponent(a.id)}`);
    // B is not told of the block: B's control offers an invitation, which the server refuses.
    await pageB.getByRole('button', { name: 'Invite to Connect' }).click();
    await pageB.getByText('You cannot connect with this person.').waitFor();

    await pageB.goto(`${stack.appUrl}/chatInbox?id=${encodeURIComponent(chatId)}`);
    const box = pageB.getByRole('textbox', { name: 'Message', exact: true });
    await box.fill('Are you there?');
    await pageB.getByRole('button', { name: 'Send' }).click();
    await pageB.getByText(/Not sent: You cannot message with this person\./).waitFor();
    // The text stays on screen with Retry (it was not lost).
    await pageB.getByRole('log', { name: 'Messages' }).getByText('Are you there?').waitFor();
    await pageB.getByRole('button', { name: 'Retry' }).waitFor();
    await screenshot(pageB, 'block-message-refused');
  });

  it('A’s Blocked people (from the profile’s More menu) lists B; Unblock restores B’s invitation', async () => {
    await pageA.goto(`${stack.appUrl}/profile`);
    await pageA.getByRole('button', { name: 'More' }).click();
    await pageA.getByRole('menuitem', { name: 'Blocked people' }).click();
    await pageA.waitForURL('**/blocked-people');
    const list = pageA.getByRole('list', { name: 'Blocked people' });
    await list.getByText('Ben Larsen').waitFor();
    expect(await seriousA11yViolations(pageA)).toEqual([]);
    await screenshot(pageA, 'blocked-people');
    await list.getByRole('button', { name: 'Unblock Ben Larsen' }).click();
    await pageA.getByText(/You have not blocked anyone/).waitFor();

    // Unblocked, B can invite again (the old connection is not restored).
    await pageB.goto(`${stack.appUrl}/otherProfile?id=${encodeURIComponent(a.id)}`);
    await pageB.getByRole('button', { name: 'Invite to Connect' }).click();
    await pageB.getByText('Pending', { exact: true }).waitFor();
    await pageB.goto(`${stack.appUrl}/chatInbox?id=${encodeURIComponent(chatId)}`);
    await pageB.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello again');
    await pageB.getByRole('button', { name: 'Send' }).click();
    await pageB.getByRole('log', { name: 'Messages' }).getByText('Hello again').waitFor();
    expect(await pageB.getByText(/Not sent: .*Hello again/).count()).toBe(0);
  });
});
