import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshot, startStack, VIEWPORT } from './harness.ts';
import { api, register, signedInPage } from './people.ts';

let stack: Stack;
let page: Page;
const RESUME = `Resume ${Date.now() % 100_000}.pdf`;

/** A small valid one-page PDF (the mock reads the bytes, not the name). */
function pdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A 64×64 PNG in two colours (diagonal split; `flip` swaps them), so a new photo is easy to see in a screenshot. */
function png(flip = false): Buffer {
  const size = 64;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(typed));
    return Buffer.concat([len, typed, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) rows.push(...(x > y !== flip ? [230, 120, 40] : [40, 90, 200]));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  stack = await startStack();
  page = await stack.browser.newPage({ viewport: VIEWPORT });
  page.setDefaultTimeout(20_000);
  await page.goto(`${stack.appUrl}/login`);
  await page.getByLabel('University Name').fill(stack.demo.university);
  await page.getByLabel('Email').fill(stack.demo.email);
  await page.getByLabel('Password').fill(stack.demo.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/profile');
});

afterAll(async () => {
  await stack?.stop();
});

/** The résumé section with its buttons in view (page scrolled to the end, toasts dismissed). */
async function shootSection(name: string) {
  for (const close of await page.getByRole('button', { name: 'Dismiss' }).all()) await close.click();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await screenshot(page, name);
}

describe('media (real Chromium, real mock)', () => {
  it('uploads a résumé on the Experience tab and opens it', async () => {
    await page.getByRole('tab', { name: 'Experience' }).click();
    const section = page.getByRole('region', { name: 'Résumé' });
    await section.waitFor();
    await section.getByLabel('Résumé file').setInputFiles({ name: RESUME, mimeType: 'application/pdf', buffer: pdf() });
    const row = section.getByRole('link', { name: new RegExp(RESUME.replace('.', '\\.')) });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toMatch(/\d+ (bytes|KB) · uploaded \w{3} \d+, \d{4}/);
    await shootSection('media-resume');

    // The row opens the file the server stored: same bytes, served as a PDF.
    const href = (await row.getAttribute('href')) ?? '';
    const served = await page.request.get(new URL(href, stack.appUrl).toString());
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toMatch(/^application\/pdf/);
    expect(Buffer.from(await served.body()).equals(pdf())).toBe(true);
    // Clicking it opens that URL in a new tab (the mock serves a PDF as an attachment: a download).
    const url = new URL(href, stack.appUrl).toString();
    // (a download tab closes itself, so only the request is checked; the bytes were checked above)
    const [opened] = await Promise.all([
      page.context().waitForEvent('request', (r) => r.url() === url),
      page.waitForEvent('popup'),
      row.click(),
    ]);
    expect(opened.method()).toBe('GET');
    for (const p of page.context().pages()) if (p !== page) await p.close();

    // A file that is not a PDF is refused in the browser, with its reason and another file to choose.
    await section
      .getByLabel('Résumé file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await section.getByRole('alert').filter({ hasText: 'notes.txt was not uploaded. Wrong type' }).waitFor();
    await section.getByRole('button', { name: 'Choose another file' }).waitFor();
    expect(await section.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await shootSection('media-resume-refused');

    // After a reload the résumé is still there (the server kept it).
    await page.reload();
    await page.getByRole('tab', { name: 'Experience' }).click();
    await page
      .getByRole('region', { name: 'Résumé' })
      .getByRole('link', { name: new RegExp(RESUME.replace('.', '\\.')) })
      .waitFor();
  });

  it('changes the profile photo: preview, upload, shown on the profile without a reload', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const hero = page.getByRole('region', { name: 'Profile' });
    const before = await hero
      .locator('img')
      .getAttribute('src')
      .catch(() => null);
    await page.getByRole('button', { name: 'Change profile photo' }).click();
    const sheet = page.getByRole('dialog', { name: 'Profile photo' });
    await sheet.getByLabel('Photo file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png() });
    await sheet.getByRole('img', { name: 'Preview of the new photo' }).waitFor();
    await screenshot(page, 'media-photo-preview');
    await sheet.getByRole('button', { name: 'Use this photo' }).click();
    await sheet.waitFor({ state: 'detached' });
    const img = hero.locator('img');
    await expect.poll(() => img.getAttribute('src')).not.toBe(before);
    const src = (await img.getAttribute('src')) ?? '';
    expect(src).not.toBe('');
    // The image really loads (the mock made an avatar-sized copy).
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 'media-photo-changed');
  });

  it('sends two photos and a PDF in a chat; the viewer arrows between them; the group lists them; a new photo shows live', async () => {
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').token as string);
    // A second member in a group of their own with the demo user, watching the chat in another browser.
    const other = await register(stack, 'Imani', 'Viewer');
    const invite = await api<{ data: { id: number } }>(stack, `/api/v1/users/${other.id}/connect`, token, {
      method: 'POST',
    });
    await api(stack, `/api/v1/connections/${invite.data.id}/accept`, other.token, { method: 'POST' });
    const made = await api<{ data: { id: string } }>(stack, '/api/v1/users/channels/store', token, {
      method: 'POST',
      body: JSON.stringify({
        name: `Offsite ${Date.now() % 100_000}`,
        description: '',
        tags: [],
        is_closed: false,
        users: [other.id],
      }),
    });
    const chatId = made.data.id;
    await page.goto(`${stack.appUrl}/chatInbox?id=${encodeURIComponent(chatId)}`);
    await page.getByRole('button', { name: 'Attach files' }).waitFor();

    // A file refused for its size (the browser's check) shows its reason and no Retry (it would be
    // refused again), only Remove; the text stays.
    const text = `Photos from the offsite ${Date.now() % 100_000}`;
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(text);
    await page
      .getByLabel('Files to attach')
      .setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(21 * 1048576, 0x20) });
    const tray = page.getByRole('list', { name: 'Attachments' });
    await tray
      .getByRole('alert')
      .filter({ hasText: /Too large/ })
      .waitFor();
    expect(await tray.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await box.inputValue()).toBe(text);
    await screenshot(page, 'media-chat-failed');
    await tray.getByRole('button', { name: 'Remove huge.pdf' }).click();

    // Two photos from the picker, and a PDF dropped from the desktop onto the chat.
    await page.getByLabel('Files to attach').setInputFiles([
      { name: 'offsite.png', mimeType: 'image/png', buffer: png() },
      { name: 'team.png', mimeType: 'image/png', buffer: png(true) },
    ]);
    const dropped = await page.evaluateHandle(
      (bytes) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], 'agenda.pdf', { type: 'application/pdf' }));
        return transfer;
      },
      [...pdf()],
    );
    await page.dispatchEvent('[aria-label="Messages"]', 'dragenter', { dataTransfer: dropped });
    await page.getByText('Drop files to attach them').waitFor();
    await page.dispatchEvent('[aria-label="Messages"]', 'drop', { dataTransfer: dropped });
    await tray.getByText('agenda.pdf').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Send' }).isEnabled()).toBe(true);
    await screenshot(page, 'media-chat-attachments');
    await page.getByRole('button', { name: 'Send' }).click();
    const bubble = page.locator('[data-own]').filter({ hasText: text }).last();
    await expect.poll(() => bubble.getByRole('img').count()).toBe(2);
    await bubble.getByRole('link', { name: /agenda\.pdf/ }).waitFor();
    await expect
      .poll(() =>
        bubble
          .getByRole('img')
          .first()
          .evaluate((el) => (el as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'media-chat-sent');

    // The viewer: opens on the tapped photo, arrow keys move, Escape closes and focus comes back.
    await bubble.getByRole('button', { name: /offsite\.png/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    await viewer.getByText(/^1 of 2 · offsite\.png/).waitFor();
    await screenshot(page, 'media-viewer');
    await page.keyboard.press('ArrowRight');
    await viewer.getByText(/^2 of 2 · team\.png/).waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.querySelector('img')?.alt ?? '')).toMatch(/offsite\.png/);

    // The other member sees the bubble with the demo user's photo beside it.
    const theirs = await signedInPage(stack.browser, stack, other);
    await theirs.goto(`${stack.appUrl}/chatInbox?id=${encodeURIComponent(chatId)}`);
    const seen = theirs.locator('[data-message-id]').filter({ hasText: text }).last();
    await seen.waitFor();
    const photo = seen.locator('img[alt=""]').first();
    const before = await photo.getAttribute('src');

    // The group's Media and Files tabs list what was sent.
    await page.goto(`${stack.appUrl}/group-profile?id=${encodeURIComponent(chatId)}`);
    await page.getByRole('tab', { name: 'Media' }).click();
    const grid = page.getByRole('list', { name: 'Photos' });
    await expect.poll(() => grid.getByRole('button').count()).toBe(2);
    await screenshot(page, 'media-group-media');
    await grid.getByRole('button', { name: 'Open team.png' }).click();
    await page
      .getByRole('dialog', { name: 'Image viewer' })
      .getByText(/^2 of 2 · team\.png/)
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Files' }).click();
    await page
      .getByRole('list', { name: 'Files' })
      .getByRole('link', { name: /agenda\.pdf/ })
      .waitFor();
    await screenshot(page, 'media-group-files');

    // The demo user changes their photo: the other member's open chat shows it without a reload.
    await page.goto(`${stack.appUrl}/profile`);
    await page.getByRole('button', { name: 'Change profile photo' }).click();
    const sheet = page.getByRole('dialog', { name: 'Profile photo' });
    await sheet
      .getByLabel('Photo file')
      .setInputFiles({ name: 'new-me.png', mimeType: 'image/png', buffer: png(true) });
    await sheet.getByRole('button', { name: 'Use this photo' }).click();
    await sheet.waitFor({ state: 'detached' });
    const mine = await page.getByRole('region', { name: 'Profile' }).locator('img').getAttribute('src');
    await expect.poll(() => photo.getAttribute('src')).toBe(mine);
    expect(mine).not.toBe(before);
    await screenshot(theirs, 'media-chat-new-photo');
    await theirs.context().close();
  });

  it('pastes a file into the message box: it is attached, and the typed text stays', async () => {
    const box = page.getByRole('textbox', { name: 'Message' });
    const chats = await api<{ data: { id: string }[] }>(
      stack,
      '/api/v1/users/me/channels',
      await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').token as string),
    );
    await page.goto(`${stack.appUrl}/chatInbox?id=${encodeURIComponent(chats.data[0]?.id ?? '')}`);
    await box.fill('Pasted:');
    await box.focus();
    await page.evaluate(
      (bytes) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], 'pasted.png', { type: 'image/png' }));
        const event = new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true });
        document.activeElement?.dispatchEvent(event);
      },
      [...png()],
    );
    await page.getByRole('list', { name: 'Attachments' }).getByText('pasted.png').waitFor();
    expect(await box.inputValue()).toBe('Pasted:');
  });
});
