import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshot, seriousA11yViolations, startStack } from './harness.ts';
import { type Member, register, signedInPage } from './people.ts';

/** A calls B in two browser contexts with Chromium's fake camera and microphone, against the real mock. */

let stack: Stack;
let a: Member;
let b: Member;
let pageA: Page;
let pageB: Page;

beforeAll(async () => {
  stack = await startStack([], ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
  a = await register(stack, 'Ada', 'Caller');
  b = await register(stack, 'Ben', 'Callee');
  pageA = await signedInPage(stack.browser, stack, a);
  pageB = await signedInPage(stack.browser, stack, b);
});

afterAll(async () => {
  await stack?.stop();
});

/** The call's peer connection is connected and has received media (bytes on an inbound RTP stream). */
async function connectedWithMedia(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      const pc = window.__cohortPeer;
      if (pc?.connectionState !== 'connected') return false;
      let bytes = 0;
      (await pc.getStats()).forEach((r: { type: string; bytesReceived?: number }) => {
        if (r.type === 'inbound-rtp') bytes += r.bytesReceived ?? 0;
      });
      return bytes > 0;
    },
    undefined,
    { timeout: 20_000, polling: 250 },
  );
}

async function call(page: Page, who: Member, button: 'Call' | 'Video call') {
  await page.goto(`${stack.appUrl}/otherProfile?id=${who.id}`);
  await page.getByRole('button', { name: button, exact: true }).click();
}

describe('a call between two people', () => {
  it('A video-calls B, B accepts, both connect and receive media, A hangs up, both see it in history', async () => {
    await pageB.goto(`${stack.appUrl}/contacts`);
    await pageB.getByRole('navigation', { name: 'Main' }).waitFor();
    await call(pageA, b, 'Video call');
    const ringing = pageA.getByRole('dialog', { name: 'Call' });
    await ringing.getByText('Video call · Ringing…').waitFor();
    await ringing.getByRole('heading', { name: 'Ben Callee' }).waitFor();
    await screenshot(pageA, 'call-ringing');

    const incoming = pageB.getByRole('dialog', { name: 'Call' });
    await incoming.getByText('Incoming video call').waitFor();
    await incoming.getByRole('heading', { name: 'Ada Caller' }).waitFor();
    expect(await seriousA11yViolations(pageB)).toEqual([]);
    await screenshot(pageB, 'call-incoming');
    await incoming.getByRole('button', { name: 'Accept' }).click();

    await Promise.all([connectedWithMedia(pageA), connectedWithMedia(pageB)]);
    await pageB
      .getByRole('status')
      .filter({ hasText: /Video call · \d\d:\d\d/ })
      .waitFor();
    await screenshot(pageA, 'call-in-progress');
    await pageB.getByRole('button', { name: 'Mute' }).click();
    await pageB.getByRole('button', { name: 'Unmute' }).waitFor();
    await pageB.getByRole('button', { name: 'Camera off' }).click();
    await pageB.getByRole('button', { name: 'Camera on' }).waitFor();

    await pageA.getByRole('button', { name: 'Hang up' }).click();
    await pageA.getByText(/^Call ended · \d\d:\d\d$/).waitFor();
    await pageB.getByText(/^Call ended · \d\d:\d\d$/).waitFor();
    expect(await pageB.evaluate(() => window.__cohortPeer?.connectionState)).toBe('closed');
    await screenshot(pageB, 'call-ended');
    for (const page of [pageA, pageB]) await page.getByRole('button', { name: 'Close' }).click();

    await pageA.goto(`${stack.appUrl}/profile`);
    await pageA.getByRole('link', { name: 'Calls' }).click();
    const historyA = pageA.getByRole('list', { name: 'Calls' });
    await historyA
      .getByRole('listitem')
      .filter({ hasText: 'Ben Callee' })
      .filter({ hasText: /Video call · Outgoing · \d\d:\d\d/ })
      .waitFor();
    await pageB.goto(`${stack.appUrl}/calls`);
    const historyB = pageB.getByRole('list', { name: 'Calls' });
    await historyB
      .getByRole('listitem')
      .filter({ hasText: 'Ada Caller' })
      .filter({ hasText: /Video call · Incoming · \d\d:\d\d/ })
      .waitFor();
    expect(await seriousA11yViolations(pageB)).toEqual([]);
    await screenshot(pageB, 'call-history');
  });

  it('B declines a voice call: A is told, and both histories say declined', async () => {
    await pageB.goto(`${stack.appUrl}/contacts`);
    await pageB.getByRole('navigation', { name: 'Main' }).waitFor();
    await call(pageA, b, 'Call');
    const incoming = pageB.getByRole('dialog', { name: 'Call' });
    await incoming.getByText('Incoming voice call').waitFor();
    await incoming.getByRole('button', { name: 'Decline' }).click();
    await incoming.getByText('You declined the call.').waitFor();
    await pageA.getByText('Ben Callee declined the call.').waitFor();
    await screenshot(pageA, 'call-declined');
    await pageA.getByRole('button', { name: 'Close' }).click();
    await pageA.goto(`${stack.appUrl}/calls`);
    await pageA
      .getByRole('list', { name: 'Calls' })
      .getByRole('listitem')
      .first()
      .filter({ hasText: 'Voice call · Declined' })
      .waitFor();
  });

  it('a call nobody answers in 30 s (the mock clock moved on) ends as missed on both sides', async () => {
    await pageB.goto(`${stack.appUrl}/contacts`);
    await pageB.getByRole('navigation', { name: 'Main' }).waitFor();
    await call(pageA, b, 'Call');
    await pageB.getByRole('dialog', { name: 'Call' }).getByText('Incoming voice call').waitFor();
    const moved = await fetch(`${stack.mockUrl}/__mock/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: 31_000 }),
    });
    expect(moved.status).toBe(200);
    await pageA.getByText('Ben Callee did not answer.').waitFor();
    await pageB.getByText('Missed call from Ada Caller.').waitFor();
    await screenshot(pageB, 'call-missed');
    await pageB.getByRole('button', { name: 'Close' }).click();
    await pageB.goto(`${stack.appUrl}/calls`);
    await pageB
      .getByRole('list', { name: 'Calls' })
      .getByRole('listitem')
      .first()
      .filter({ hasText: 'Voice call · Missed' })
      .waitFor();
  });
});
