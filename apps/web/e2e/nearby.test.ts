import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a11yViolations, type Stack, screenshot, startStack, VIEWPORT } from './harness.ts';
import { register, signIn } from './people.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

describe('find people nearby', () => {
  it('with a granted position at Stanford, lists the seeded people who share there by distance band', async () => {
    const member = await register(stack, 'Noor', 'Vance');
    const context = await stack.browser.newContext({ viewport: VIEWPORT });
    await context.grantPermissions(['geolocation'], { origin: stack.appUrl });
    await context.setGeolocation({ latitude: 37.4275, longitude: -122.1697 });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${stack.appUrl}/login`);
    await signIn(page, stack, member);

    await page.goto(`${stack.appUrl}/contacts`);
    await page.getByRole('button', { name: 'Find People Nearby' }).click();
    await page.getByRole('heading', { name: 'Meet people around you' }).waitFor();
    expect(await a11yViolations(page)).toEqual([]);
    await screenshot(page, 'nearby-opt-in');

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/users/me/location') && r.method() === 'PUT');
    await page.getByRole('button', { name: 'Share my approximate location' }).click();
    expect((await sent).postDataJSON()).toEqual({ latitude: 37.43, longitude: -122.17 });
    await page.getByRole('heading', { name: 'You share your approximate location' }).waitFor();
    const near = page.getByRole('list', { name: 'Within 1 km' });
    await near.getByRole('checkbox').first().waitFor();
    expect(await near.getByRole('checkbox').count()).toBeGreaterThan(0);
    expect(await a11yViolations(page)).toEqual([]);
    await screenshot(page, 'nearby-people');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'nearby-people-1280');
    await page.setViewportSize(VIEWPORT);

    await page.getByRole('button', { name: 'Stop sharing' }).click();
    await page.getByRole('button', { name: 'Share my approximate location' }).waitFor();
    expect(await page.getByRole('list', { name: 'Within 1 km' }).count()).toBe(0);
    // Nobody sees a non-sharer, and a non-sharer sees nobody.
    const list = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('userInfo') ?? '{}').token;
      const r = await fetch('/api/v1/users/nearby', { headers: { authorization: `Bearer ${token}` } });
      return (await r.json()).data;
    });
    expect(list).toMatchObject({ sharing: false, data: [] });
    await context.close();
  });
});
