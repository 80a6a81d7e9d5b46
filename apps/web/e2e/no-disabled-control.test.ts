import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths.ts';
import { animationsSettled, type Stack, screenshot, startStack } from './harness.ts';
import { api, login, signIn } from './people.ts';

/**
 * No control in the app is disabled for lack of a feature. The walk signs in and visits
 * every route of `paths` (ids from the seed through the API) at 390×844 and 1280×800, also opening
 * each menu and sheet a route offers, and reports every control rendered disabled (`disabled`,
 * `aria-disabled="true"`) WITHOUT A REASON, and any "coming soon" text. A disabled control has a
 * reason when
 *   - it is busy (`aria-busy="true"`: its action runs), or
 *   - it says why: a `title` or `aria-describedby` text that does not put the feature off
 *     ("coming soon", "not available yet", "later"), or
 *   - its form is incomplete: the `<form>` it belongs to has an empty text field, or fails
 *     `checkValidity()` (Send with no message, Save before a required field is filled).
 */

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** Buttons that open a sheet, drawer or menu without changing anything (besides every `[aria-haspopup]`). */
const OPENERS: Partial<Record<string, string[]>> = {
  [paths.chats]: ['New message'],
  [paths.profile]: ['Calendar', 'Video', 'Edit my profile'],
};

interface Finding {
  where: string;
  control: string;
  problem: string;
}

/** One line per control and problem, with the screens it was found on: "control: problem (on …)". */
function summary(findings: Finding[]): string[] {
  const on = new Map<string, Set<string>>();
  for (const f of findings) {
    const key = `${f.control}: ${f.problem}`;
    on.set(key, (on.get(key) ?? new Set()).add(f.where.replace(/ @.*/, '')));
  }
  return [...on].map(([key, where]) => `${key} (on ${[...where].join(', ')})`).sort();
}

let stack: Stack;
let routes: { signedOut: string[]; signedIn: string[] };

beforeAll(async () => {
  stack = await startStack();
  const token = await login(stack, stack.demo.email, stack.demo.password);
  const friends = await api<{ id: string }[]>(stack, '/api/v1/users/me/friends', token);
  const channels = await api<{ data: { id: string; is_direct?: boolean }[] }>(
    stack,
    '/api/v1/users/me/channels',
    token,
  );
  const friend = friends[0]?.id;
  const group = channels.data.find((c) => !c.is_direct)?.id;
  if (!friend || !group) throw new Error('the seed gave the demo account no friend or no group');
  // A one-to-one chat too (its top bar has the call buttons): the seed's, or one made with the friend.
  const direct =
    channels.data.find((c) => c.is_direct)?.id ??
    (
      await api<{ data: { id: string } }>(stack, '/api/v1/users/channels/store', token, {
        method: 'POST',
        body: JSON.stringify({
          name: 'Direct',
          description: '',
          tags: [],
          is_closed: true,
          users: [friend],
          is_direct: true,
        }),
      })
    ).data.id;
  const withId = (path: string, id: string) => `${path}?id=${encodeURIComponent(id)}`;
  const signedOut: string[] = [paths.login, paths.signup, paths.forgotPassword, paths.resetPassword];
  const needsId: Record<string, string[]> = {
    [paths.otherProfile]: [withId(paths.otherProfile, friend)],
    [paths.otherGroup]: [withId(paths.otherGroup, friend)],
    [paths.chatInbox]: [withId(paths.chatInbox, group), withId(paths.chatInbox, direct)],
    [paths.groupProfile]: [withId(paths.groupProfile, group)],
  };
  const signedIn = Object.values(paths)
    .filter((p) => !signedOut.includes(p))
    .flatMap((p) => needsId[p] ?? [p]);
  routes = { signedOut, signedIn };
});

afterAll(async () => {
  await stack?.stop();
});

/** The page has finished loading what it shows (no "Loading…" text left), and its animations ended. */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(() => !/Loading\b/.test(document.body.textContent ?? ''), undefined, {
      timeout: 15_000,
      polling: 200,
    })
    .catch(() => {});
  await animationsSettled(page);
}

/** Every disabled control without a reason, and every "coming soon", on the page as it is now. */
function findIn(page: Page, where: string): Promise<Finding[]> {
  return page.evaluate((at) => {
    const PUT_OFF = /coming soon|not (yet )?available|later/i;
    const found: { where: string; control: string; problem: string }[] = [];
    const describe = (el: Element) =>
      `<${el.tagName.toLowerCase()}> "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}"`;
    const text = (ids: string | null) =>
      (ids ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
        .join(' ')
        .trim();
    const incomplete = (form: HTMLFormElement | null) =>
      !!form &&
      (!form.checkValidity() ||
        [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('textarea, input')].some(
          (f) => /^(textarea|text|search|email|password|tel|url|number|date)$/.test(f.type) && f.value.trim() === '',
        ));
    for (const el of document.querySelectorAll('[disabled], [aria-disabled="true"]')) {
      if (el.getClientRects().length === 0) continue; // not rendered
      const why = [el.getAttribute('title') ?? '', text(el.getAttribute('aria-describedby'))].join(' ').trim();
      const busy = el.getAttribute('aria-busy') === 'true';
      const form = (el as HTMLButtonElement).form ?? el.closest('form');
      if (busy || (why && !PUT_OFF.test(why)) || incomplete(form)) continue;
      found.push({
        where: at,
        control: describe(el),
        problem: why ? `disabled: "${why}"` : 'disabled, no reason given',
      });
    }
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = texts.nextNode(); n; n = texts.nextNode()) {
      if (/coming soon/i.test(n.textContent ?? '') && n.parentElement)
        found.push({
          where: at,
          control: describe(n.parentElement.parentElement ?? n.parentElement),
          problem: 'says "coming soon"',
        });
    }
    for (const el of document.querySelectorAll('[title], [aria-label], [placeholder]')) {
      for (const name of ['title', 'aria-label', 'placeholder']) {
        if (/coming soon/i.test(el.getAttribute(name) ?? ''))
          found.push({ where: at, control: describe(el), problem: `${name} says "coming soon"` });
      }
    }
    return found;
  }, where);
}

async function walk(browser: Browser, signedIn: boolean, list: string[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    if (signedIn) {
      await page.goto(`${stack.appUrl}${paths.login}`);
      await signIn(page, stack, stack.demo);
    }
    const size = `${viewport.width}x${viewport.height}`;
    for (const route of list) {
      const open = async () => {
        await page.goto(`${stack.appUrl}${route}`);
        await settled(page);
      };
      await open();
      findings.push(...(await findIn(page, `${route} @${size}`)));
      await screenshot(page, `walk-${size}-${route.replace(/[^a-z0-9]+/gi, '_')}`);
      // Each sheet or menu the screen opens, from a fresh load (one open at a time).
      const popups = await page.locator('[aria-haspopup]:not([disabled])').count();
      const openers = [
        ...Array.from({ length: popups }, (_, i) => page.locator('[aria-haspopup]:not([disabled])').nth(i)),
        ...(OPENERS[route] ?? []).map((name) => page.getByRole('button', { name, exact: true })),
      ];
      for (const [i, opener] of openers.entries()) {
        if (i > 0) await open();
        const label = (await opener.getAttribute('aria-label')) ?? (await opener.textContent())?.trim();
        await opener.click();
        await page.locator('[role="dialog"], [role="menu"]').first().waitFor();
        await settled(page);
        findings.push(...(await findIn(page, `${route} (opened ${label}) @${size}`)));
        await screenshot(page, `walk-${size}-${route.replace(/[^a-z0-9]+/gi, '_')}-open${i + 1}`);
      }
    }
    await context.close();
  }
  return findings;
}

describe('no control is disabled for lack of a feature', () => {
  it('signed out: login, sign-up and password screens at 390×844 and 1280×800', async () => {
    expect(summary(await walk(stack.browser, false, routes.signedOut))).toEqual([]);
  });

  it('signed in: every other route, and each sheet and menu it opens, at 390×844 and 1280×800', async () => {
    expect(summary(await walk(stack.browser, true, routes.signedIn))).toEqual([]);
  }, 600_000);
});
