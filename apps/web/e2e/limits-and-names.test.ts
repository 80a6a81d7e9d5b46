import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshot, startStack } from './harness.ts';
import { api, login, register, signedInPage } from './people.ts';

// What a person meets on the way: a limit said where they pick, a subgroup they left still there to
// rejoin, devices told apart, and a person found in Contacts opened by their name.
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

/** A 1×1 PNG: any real image the mock accepts. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

async function group(stack: Stack, token: string, body: Record<string, unknown>): Promise<string> {
  const made = await api<{ data: { id: string } }>(stack, '/api/v1/users/channels/store', token, {
    method: 'POST',
    body: JSON.stringify({ description: '', tags: [], is_closed: false, users: [], ...body }),
  });
  return made.data.id;
}

describe('a limit is said where the person picks', () => {
  it("five photos for a post keep four, and the fifth's name and the reason show beside the picker", async () => {
    const member = await register(stack, 'Pia', 'Limit');
    const page = await signedInPage(stack.browser, stack, member);
    await page.goto(`${stack.appUrl}/news-feed`);
    const composer = page.getByRole('region', { name: 'New post' });
    await composer.getByLabel('Add photos').setInputFiles(['a', 'b', 'c', 'd', 'e'].map((n) => photo(`${n}.png`)));
    const said = composer.getByRole('status').filter({ hasText: 'left out' });
    await said.waitFor();
    expect(await said.textContent()).toBe('“e.png” was left out: a post holds at most 4 photos.');
    expect(await composer.getByRole('list', { name: 'Photos' }).getByRole('listitem').count()).toBe(4);
    // The full picker says why it is off in words on the screen, not only in a hover tooltip.
    const button = composer.getByRole('button', { name: /Photos \(4\/4\)/ });
    expect(await button.isDisabled()).toBe(true);
    const why = await button.evaluate(
      (b) => document.getElementById(b.getAttribute('aria-describedby') ?? '')?.textContent,
    );
    expect(why).toBe('A post holds at most 4 photos: remove one to add another.');
    expect(await composer.getByText(why ?? '?').isVisible()).toBe(true);
    await screenshot(page, 'limits-post-photos');
    await page.context().close();
  });

  it('eleven files for a message keep ten, and the tray says which one was left out and why', async () => {
    const member = await register(stack, 'Tao', 'Tray');
    const chatId = await group(stack, member.token, { name: 'Tray limit' });
    const page = await signedInPage(stack.browser, stack, member);
    await page.goto(`${stack.appUrl}/chatInbox?id=${encodeURIComponent(chatId)}`);
    await page.getByRole('button', { name: 'Attach files' }).waitFor();
    const files = Array.from({ length: 11 }, (_, i) => ({
      name: `note-${i + 1}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(`note ${i + 1}\n`),
    }));
    await page.getByLabel('Files to attach').setInputFiles(files);
    const said = page.getByRole('status').filter({ hasText: 'left out' });
    await said.waitFor();
    expect(await said.textContent()).toBe('“note-11.txt” was left out: a message holds at most 10 files.');
    expect(await page.getByRole('list', { name: 'Attachments' }).getByRole('listitem').count()).toBe(10);
    await screenshot(page, 'limits-chat-tray');
    await page.context().close();
  });

  it('a paste longer than a post holds is cut, and the box says by how much', async () => {
    const member = await register(stack, 'Cato', 'Paste');
    const page = await signedInPage(stack.browser, stack, member);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.appUrl });
    await page.goto(`${stack.appUrl}/news-feed`);
    const box = page.getByLabel('Write a post');
    await page.evaluate((text) => navigator.clipboard.writeText(text), 'x'.repeat(5012));
    await box.focus();
    await page.keyboard.press('Control+V');
    await expect.poll(() => box.inputValue().then((v) => v.length)).toBe(5000);
    const said = page.getByRole('region', { name: 'New post' }).getByRole('status');
    expect(await said.textContent()).toBe(
      'The pasted text was cut: 12 characters past the 5,000 this box holds were left out.',
    );
    await screenshot(page, 'limits-post-paste');
    // The next keystroke that is not a paste puts the note away.
    await box.press('Backspace');
    await said.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it("a story's photo chosen again replaces the first, uploads, and nothing is said left out", async () => {
    const member = await register(stack, 'Sol', 'Story');
    const page = await signedInPage(stack.browser, stack, member);
    await page.goto(`${stack.appUrl}/chats`);
    await page.getByRole('button', { name: 'New message' }).click();
    await page.getByRole('dialog', { name: 'New Message' }).getByRole('button', { name: 'New Story' }).click();
    const sheet = page.getByRole('dialog', { name: 'New Story' });
    const share = sheet.getByRole('button', { name: 'Share' });
    await sheet.getByLabel('Choose a photo').setInputFiles(photo('first.png'));
    await expect.poll(() => share.isEnabled(), { timeout: 15_000 }).toBe(true);
    await sheet.getByLabel('Choose a photo').setInputFiles(photo('second.png'));
    await expect.poll(() => share.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await sheet.getByText('left out').count()).toBe(0);
    await share.click();
    await page.getByText('Story shared for 24 hours.').waitFor();
    await page.context().close();
  });
});

describe('subgroups', () => {
  it('an open subgroup left from the SubGroup tab stays there with JOIN, and joining works', async () => {
    const owner = await register(stack, 'Odile', 'Main');
    const member = await register(stack, 'Mika', 'Member');
    const mainId = await group(stack, owner.token, { name: `Main ${Date.now() % 100_000}`, users: [member.id] });
    const subName = `Open sub ${Date.now() % 100_000}`;
    await group(stack, owner.token, {
      name: subName,
      parent_id: mainId,
      is_public: false,
      is_open: true,
      users: [member.id],
    });
    const [page, ownerPage] = await Promise.all([
      signedInPage(stack.browser, stack, member),
      signedInPage(stack.browser, stack, owner),
    ]);
    const subgroups = async (p: Page) => {
      await p.goto(`${stack.appUrl}/group-profile?id=${encodeURIComponent(mainId)}`);
      await p.getByRole('tab', { name: 'SubGroup' }).click();
      return p.getByRole('list', { name: 'Subgroups' });
    };
    const list = await subgroups(page);
    await list.getByRole('button', { name: `Leave group ${subName}` }).click();
    await list.getByRole('button', { name: `Join ${subName}` }).waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'SubGroup' }).click();
    await list.getByRole('button', { name: `Join ${subName}` }).click();
    await list.getByRole('button', { name: `Leave group ${subName}` }).waitFor();
    await screenshot(page, 'subgroup-rejoined');
    // The owner, in a browser of their own, counts the member back in.
    const ownerList = await subgroups(ownerPage);
    await ownerList.getByText('2 members').waitFor();
    await page.context().close();
    await ownerPage.context().close();
  });
});

describe('settings', () => {
  it('devices signed in within the same minute have Sign out buttons named apart', async () => {
    const member = await register(stack, 'Dev', 'Ices');
    await Promise.all([login(stack, member.email, member.password), login(stack, member.email, member.password)]);
    const page = await signedInPage(stack.browser, stack, member);
    await page.goto(`${stack.appUrl}/settings`);
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await devices.getByText('This device').waitFor();
    const buttons = devices.getByRole('button', { name: /^Sign out/ });
    // Registering signs in too: at least the three other sign-ins of this minute are listed.
    await expect.poll(() => buttons.count()).toBeGreaterThanOrEqual(3);
    const names = await buttons.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label')));
    expect(new Set(names).size).toBe(names.length);
    // What tells them apart is on the screen too, not only in the buttons' names.
    const rows = await devices.getByRole('listitem').evaluateAll((all) => all.map((li) => li.textContent));
    expect(new Set(rows).size).toBe(names.length + 1);
    await screenshot(page, 'settings-devices-apart');
    await page.context().close();
  });
});

describe('contacts search', () => {
  it('a person found is opened by a tap on their name; the checkbox still selects', async () => {
    const page = await signedInPage(stack.browser, stack, stack.demo);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('dialog', { name: 'Search results' });
    const found = results.getByRole('list', { name: 'People found' });
    const first = found.getByRole('checkbox').first();
    await first.check();
    await results.getByText('1 selected').waitFor();
    const name = found.getByRole('listitem').first().getByRole('link');
    const who = (await name.textContent()) ?? '?';
    await name.click();
    await page.waitForURL(/\/otherProfile\?id=usr_/);
    await page.getByRole('heading', { name: who }).waitFor();
    await screenshot(page, 'contacts-search-opened');
    await page.context().close();
  });
});
