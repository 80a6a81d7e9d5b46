import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshot, startStack } from './harness.ts';
import { api, type Member, register, signedInPage } from './people.ts';

/** Calling from a one-to-one chat and from the own profile's Video, switching voice/video mid-call, busy. */

let stack: Stack;
let a: Member;
let b: Member;
let c: Member;
let chatId: string;
let pageA: Page;
let pageB: Page;

beforeAll(async () => {
  stack = await startStack([], ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
  a = await register(stack, 'Ada', 'Caller');
  b = await register(stack, 'Ben', 'Callee');
  c = await register(stack, 'Cy', 'Third');
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

/** The peer connection is connected and media arrives (of `kind`, when given). */
async function receiving(page: Page, kind?: 'video'): Promise<void> {
  await page.waitForFunction(
    async (k) => {
      const pc = window.__cohortPeer;
      if (pc?.connectionState !== 'connected') return false;
      let bytes = 0;
      (await pc.getStats()).forEach((r: { type: string; kind?: string; bytesReceived?: number }) => {
        if (r.type === 'inbound-rtp' && (!k || r.kind === k)) bytes += r.bytesReceived ?? 0;
      });
      return bytes > 0;
    },
    kind,
    { timeout: 20_000, polling: 250 },
  );
}

/** The named video element shows moving pictures (its frames have a size). */
async function showsVideo(page: Page, label: string): Promise<void> {
  await page.waitForFunction(
    (l) => {
      const v = document.querySelector<HTMLVideoElement>(`video[aria-label="${l}"]`);
      return !!v && v.videoWidth > 0 && !v.paused;
    },
    label,
    { timeout: 20_000, polling: 250 },
  );
}

async function ready(page: Page) {
  await page.goto(`${stack.appUrl}/contacts`);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

describe('calling from a chat and switching voice and video', () => {
  it("A voice-calls B from their chat's top bar; A switches to video and B sees it; back to voice; B hangs up", async () => {
    await ready(pageB);
    await pageA.goto(`${stack.appUrl}/chatInbox?id=${chatId}`);
    const bar = pageA.locator('header').first();
    await bar.getByRole('heading', { name: 'Ben Callee' }).waitFor();
    await screenshot(pageA, 'call-chat-header');
    await bar.getByRole('button', { name: 'Voice call Ben Callee' }).click();
    await pageA.getByRole('dialog', { name: 'Call' }).getByText('Voice call · Ringing…').waitFor();
    const incoming = pageB.getByRole('dialog', { name: 'Call' });
    await incoming.getByText('Incoming voice call').waitFor();
    await incoming.getByRole('button', { name: 'Accept' }).click();
    await Promise.all([receiving(pageA), receiving(pageB)]);
    await pageB
      .getByRole('status')
      .filter({ hasText: /^Voice call · \d\d:\d\d$/ })
      .waitFor();
    expect(await pageB.locator('video').count()).toBe(0);

    await pageA.getByRole('button', { name: 'Switch to video' }).click();
    await pageA.getByRole('button', { name: 'Switch to voice' }).waitFor();
    await showsVideo(pageA, 'Your camera');
    await receiving(pageB, 'video');
    await showsVideo(pageB, "Ada Caller's video");
    await pageB
      .getByRole('status')
      .filter({ hasText: /^Video call · \d\d:\d\d$/ })
      .waitFor();
    await screenshot(pageB, 'call-switched-to-video');

    await pageA.getByRole('button', { name: 'Switch to voice' }).click();
    await pageA.getByRole('button', { name: 'Switch to video' }).waitFor();
    await pageB.locator('video[aria-label="Ada Caller\'s video"]').waitFor({ state: 'detached', timeout: 20_000 });
    await pageB
      .getByRole('status')
      .filter({ hasText: /^Voice call · \d\d:\d\d$/ })
      .waitFor();
    expect(await pageA.locator('video').count()).toBe(0);
    expect(await pageB.evaluate(() => window.__cohortPeer?.connectionState)).toBe('connected');

    await pageB.getByRole('button', { name: 'Hang up' }).click();
    await pageA.getByText(/^Call ended · \d\d:\d\d$/).waitFor();
    await pageB.getByText(/^Call ended · \d\d:\d\d$/).waitFor();
    for (const page of [pageA, pageB]) await page.getByRole('button', { name: 'Close' }).click();
  });

  it("the own profile's Video picks a friend and video-calls them; B declines", async () => {
    await ready(pageB);
    await pageA.goto(`${stack.appUrl}/profile`);
    await pageA.getByRole('button', { name: 'Video' }).click();
    const picker = pageA.getByRole('dialog', { name: 'Video call a friend' });
    await picker.getByRole('searchbox', { name: 'Search friends' }).fill('ben');
    await picker.getByRole('button', { name: 'Video call Ben Callee' }).waitFor();
    await screenshot(pageA, 'call-friend-picker');
    await picker.getByRole('button', { name: 'Video call Ben Callee' }).click();
    await pageA.getByRole('dialog', { name: 'Call' }).getByText('Video call · Ringing…').waitFor();
    const incoming = pageB.getByRole('dialog', { name: 'Call' });
    await incoming.getByText('Incoming video call').waitFor();
    await incoming.getByRole('button', { name: 'Decline' }).click();
    await pageA.getByText('Ben Callee declined the call.').waitFor();
    for (const page of [pageA, pageB]) await page.getByRole('button', { name: 'Close' }).click();
  });

  it('calling someone already in a call says they are busy', async () => {
    const other = await api<{ data: { id: string } }>(stack, '/api/v1/calls', c.token, {
      method: 'POST',
      body: JSON.stringify({ user_id: b.id, kind: 'audio' }),
    });
    await pageB.getByRole('dialog', { name: 'Call' }).getByText('Incoming voice call').waitFor();
    await pageA.goto(`${stack.appUrl}/chatInbox?id=${chatId}`);
    await pageA.locator('header').first().getByRole('button', { name: 'Video call Ben Callee' }).click();
    const shown = pageA.getByRole('dialog', { name: 'Call' });
    await shown.getByRole('heading', { name: 'Call not started' }).waitFor();
    await shown
      .getByRole('alert')
      .filter({ hasText: /in another call/ })
      .waitFor();
    await screenshot(pageA, 'call-busy');
    await api(stack, `/api/v1/calls/${other.data.id}/hangup`, c.token, { method: 'POST' });
    await pageB.getByText('Cy Third cancelled the call.').waitFor();
  });
});
