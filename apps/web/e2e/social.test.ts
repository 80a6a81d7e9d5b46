import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshot, seriousA11yViolations, startStack } from './harness.ts';
import { api, type Member, register, signedInPage } from './people.ts';

/**
 * Two people in two browser contexts against the real mock: what one does reaches the other
 * through the user stream, without a reload (after each page's first load, only in-app clicks).
 */

let stack: Stack;
let a: Member;
let b: Member;
let pageA: Page;
let pageB: Page;

const tab = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

beforeAll(async () => {
  stack = await startStack();
  a = await register(stack, 'Avery', 'Stone');
  b = await register(stack, 'Blake', 'Rivera');
  pageA = await signedInPage(stack.browser, stack, a);
  pageB = await signedInPage(stack.browser, stack, b);
});

afterAll(async () => {
  await stack?.stop();
});

describe('connections and notifications, live for both people', () => {
  it('A invites B; B sees the count rise, opens the notification and accepts; A sees Connected and B in the list', async () => {
    await pageA.goto(`${stack.appUrl}/otherProfile?id=${encodeURIComponent(b.id)}`);
    await pageA.getByRole('button', { name: 'Invite to Connect' }).click();
    await pageA.getByText('Pending', { exact: true }).waitFor();
    await pageA.getByRole('button', { name: 'Withdraw' }).waitFor();
    await screenshot(pageA, 'connection-pending');

    // B has not reloaded since signing in: the badge rises from the stream.
    // The tab reads "Alerts (1 unread)" to a screen reader.
    await tab(pageB, /^Alerts ?\(1 unread\)$/).waitFor();
    await tab(pageB, /Alerts/).click();
    await pageB.getByRole('heading', { name: 'Notifications' }).waitFor();
    const invited = pageB.getByRole('button', { name: /Avery Stone invited you to connect/ });
    await invited.waitFor();
    expect(await seriousA11yViolations(pageB)).toEqual([]);
    await screenshot(pageB, 'notifications');

    await pageB.getByRole('link', { name: 'Invitations' }).click();
    await pageB.getByRole('list', { name: 'Invitations received' }).getByText('Avery Stone').waitFor();
    expect(await seriousA11yViolations(pageB)).toEqual([]);
    await screenshot(pageB, 'invitations-received');
    await pageB.goBack();

    await invited.click();
    await pageB.waitForURL('**/otherProfile?id=*');
    await pageB.getByText('Invited you to connect').waitFor();
    // Opening it read it: the badge is gone.
    await expect
      .poll(() =>
        tab(pageB, /Alerts/)
          .getByText(/unread/)
          .count(),
      )
      .toBe(0);
    await screenshot(pageB, 'connection-incoming');
    await pageB.getByRole('button', { name: 'Accept' }).click();
    await pageB.getByText('Connected', { exact: true }).waitFor();

    // A is still on B's profile: the control turns Connected without a reload.
    await pageA.getByText('Connected', { exact: true }).waitFor();
    await pageA.getByRole('button', { name: 'Remove' }).waitFor();
    // Connected, the profile shows B's contact details it hid before.
    await pageA.getByText(b.email).waitFor();
    await screenshot(pageA, 'connection-connected');
    await tab(pageA, /Alerts/).click();
    await pageA.getByRole('button', { name: /Blake Rivera accepted/ }).waitFor();
    await pageA.getByRole('link', { name: 'Invitations' }).click();
    await pageA.getByRole('tab', { name: 'Connections' }).click();
    await pageA.getByRole('list', { name: 'My connections' }).getByText('Blake Rivera').waitFor();
    expect(await seriousA11yViolations(pageA)).toEqual([]);
    await screenshot(pageA, 'invitations-connections');
  });

  it('B edits a message and A sees the new text marked edited; B deletes it and A sees "Message deleted"', async () => {
    const group = await api<{ data: { id: string } }>(stack, '/api/v1/users/channels/store', a.token, {
      method: 'POST',
      body: JSON.stringify({ name: 'Edit Test Group', description: '', tags: [], is_closed: false, users: [b.id] }),
    });
    await api(stack, `/api/v1/channels/${group.data.id}/messages`, b.token, {
      method: 'POST',
      body: JSON.stringify({ message: 'See you at 5' }),
    });
    await pageA.goto(`${stack.appUrl}/chatInbox?id=${group.data.id}`);
    await pageB.goto(`${stack.appUrl}/chatInbox?id=${group.data.id}`);
    const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
    await log(pageA).getByText('See you at 5').waitFor();

    await log(pageB).getByText('See you at 5').waitFor();
    await pageB.getByRole('button', { name: 'Message options' }).click();
    await pageB.getByRole('button', { name: 'Edit' }).click();
    await pageB.getByRole('textbox', { name: 'Message' }).last().fill('See you at 6, not 5');
    await pageB.getByRole('button', { name: 'Save' }).click();
    await log(pageB).getByText('See you at 6, not 5').waitFor();

    await log(pageA).getByText('See you at 6, not 5').waitFor();
    await log(pageA).getByText('edited', { exact: true }).waitFor();
    expect(await log(pageA).getByText('See you at 5', { exact: true }).count()).toBe(0);
    await screenshot(pageA, 'message-edited');

    await pageB.getByRole('button', { name: 'Message options' }).click();
    await pageB.getByRole('button', { name: 'Delete' }).click();
    await pageB.getByRole('dialog', { name: 'Delete message?' }).getByRole('button', { name: 'Delete' }).click();
    await log(pageA).getByText('Message deleted').waitFor();
    expect(await log(pageA).getByText('See you at 6, not 5').count()).toBe(0);
    await screenshot(pageA, 'message-deleted');

    // The chat list's preview follows.
    await pageA.getByRole('button', { name: 'Back' }).click();
    await pageA
      .getByRole('list', { name: 'Chats' })
      .getByRole('link', { name: /Edit Test Group/ })
      .getByText(/Message deleted/)
      .waitFor();
  });
});
