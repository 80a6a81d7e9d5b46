import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer, validateResponse } from './helpers.ts';
import {
  BOUNDARY,
  csv,
  docx,
  gif,
  html,
  jpeg,
  legacyOffice,
  multipart,
  type Part,
  pdf,
  plainZip,
  png,
  pngBomb,
  rawPost,
  svgWithScript,
  text,
  webp,
} from './media-fixtures.ts';

const MB = 1048576;
const mediaDir = mkdtempSync(join(tmpdir(), 'cohort-media-test-'));
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startServer({ options: { mediaDir } });
  token = await server.login();
});
afterAll(async () => {
  await server.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

/** Uploads through node:http and checks the answer against the contract. */
async function upload(parts: Part[], headers: Record<string, string> = {}) {
  const answer = await rawPost(`${server.baseUrl}/api/v1/media`, multipart(parts), {
    authorization: `Bearer ${token}`,
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    ...headers,
  });
  const body = JSON.parse(answer.body);
  expect(validateResponse('uploadMedia', answer.status, body)).toEqual([]);
  return { ...answer, json: body };
}
const file = (use: string, filename: string, data: Buffer, type?: string): Part[] => [
  { name: 'use', value: use },
  { name: 'file', file: { filename, data, ...(type ? { type } : {}) } },
];
/** Committed uploads and staging folders left in the media folder. */
const leftovers = () => ({
  staged: existsSync(join(mediaDir, '.tmp')) ? readdirSync(join(mediaDir, '.tmp')) : [],
  stored: readdirSync(mediaDir).filter((e) => e !== '.tmp'),
});

describe('uploadMedia accepts every allowed type, read from the bytes', () => {
  it.each([
    ['avatar', 'me.jpg', jpeg, 'image/jpeg', 1],
    ['avatar', 'me.png', png, 'image/png', 1],
    ['avatar', 'me.webp', webp, 'image/webp', 1],
    ['avatar', 'me.gif', gif, 'image/gif', 1],
    ['resume', 'cv.pdf', async () => pdf(), 'application/pdf', 2],
    ['attachment', 'photo.jpg', jpeg, 'image/jpeg', 1],
    ['attachment', 'brief.pdf', async () => pdf(), 'application/pdf', 2],
    [
      'attachment',
      'plan.docx',
      async () => docx(),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      2,
    ],
    ['attachment', 'old.doc', async () => legacyOffice(), 'application/msword', 2],
    ['attachment', 'notes.txt', async () => text(), 'text/plain', 2],
    ['attachment', 'people.csv', async () => csv(), 'text/csv', 2],
    ['attachment', 'bundle.zip', async () => plainZip(), 'application/zip', 2],
    ['attachment', 'no-extension', async () => text(), 'text/plain', 2],
  ])('use %s, %s', async (use, name, make, mime, fileType) => {
    const data = await make();
    const { status, json } = await upload(file(use, name, data));
    expect(status).toBe(201);
    expect(json.data).toMatchObject({ name, mime, file_type: fileType, use });
    // Any other file is kept as sent; an image is re-encoded without its metadata.
    if (fileType === 2) expect(json.data.size).toBe(data.length);
    expect(json.data.id).toMatch(/^med_/);
    if (fileType === 1) {
      expect(json.data).toMatchObject({ width: 64, height: 48 });
      const thumb = await fetch(new URL(json.data.thumbnail_url, server.baseUrl));
      expect(thumb.headers.get('content-type')).toBe('image/webp');
    }
    const served = await fetch(new URL(json.data.url, server.baseUrl));
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBe(json.data.size);
    if (fileType === 2) expect(bytes.equals(data)).toBe(true);
  });

  it('makes a square avatar-sized copy for an avatar', async () => {
    const { json } = await upload(file('avatar', 'me.jpg', await jpeg()));
    expect(json.data.url).toMatch(/\/avatar\.webp$/);
    const served = await fetch(new URL(json.data.url, server.baseUrl));
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('takes the use after the file too', async () => {
    const data = await png();
    const { status } = await upload([
      { name: 'file', file: { filename: 'a.png', data } },
      { name: 'use', value: 'avatar' },
    ]);
    expect(status).toBe(201);
  });
});

describe('uploadMedia refuses, naming the field, and keeps nothing', () => {
  const padded = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);

  it('takes a résumé of exactly 10 MB and refuses one byte more with 413', async () => {
    const head = pdf();
    expect((await upload(file('resume', 'cv.pdf', padded(head, 10 * MB)))).status).toBe(201);
    const before = leftovers().stored.length;
    const over = await upload(file('resume', 'cv.pdf', padded(head, 10 * MB + 1)));
    expect(over.status).toBe(413);
    expect(over.json.errors).toEqual({ file: ['must be at most 10 MB for use resume'] });
    expect(leftovers()).toEqual({ staged: [], stored: expect.any(Array) });
    expect(leftovers().stored).toHaveLength(before);
  });

  it('cuts off an avatar at 5 MB + 1 byte', async () => {
    const over = await upload(file('avatar', 'big.jpg', padded(await jpeg(), 5 * MB + 1)));
    expect(over.status).toBe(413);
    expect(over.json.errors.file[0]).toContain('5 MB');
    expect(leftovers().staged).toEqual([]);
  });

  it.each([
    [
      'an SVG with a script, named .png and sent as image/png',
      'attachment',
      'cat.png',
      svgWithScript,
      'image/png',
      415,
    ],
    ['an SVG as an avatar', 'avatar', 'me.svg', svgWithScript, undefined, 415],
    ['an HTML page named .txt', 'attachment', 'notes.txt', html, 'text/plain', 415],
    ['a PDF as an avatar', 'avatar', 'me.pdf', pdf, undefined, 415],
    ['a JPEG as a résumé', 'resume', 'cv.jpg', jpeg, undefined, 415],
    ['a JPEG named .png (spoofed extension)', 'attachment', 'photo.png', jpeg, undefined, 422],
    ['a PDF sent as image/jpeg (spoofed Content-Type)', 'attachment', 'scan', pdf, 'image/jpeg', 422],
    ['a PNG named .pdf', 'resume', 'cv.pdf', png, undefined, 415],
    ['an empty file', 'attachment', 'empty.txt', () => Buffer.alloc(0), undefined, 422],
    ['a PNG that decodes to 400 million pixels', 'avatar', 'huge.png', pngBomb, undefined, 422],
  ])('%s', async (_name, use, filename, make, type, status) => {
    const { json, status: got } = await upload(file(use, filename, await make(), type));
    expect(got).toBe(status);
    expect(Object.keys(json.errors)).toEqual(['file']);
    expect(leftovers().staged).toEqual([]);
  });

  it.each([
    [
      'two files',
      [...file('attachment', 'a.txt', text()), { name: 'file', file: { filename: 'b.txt', data: text() } }],
      ['file'],
    ],
    ['no file', [{ name: 'use', value: 'avatar' }], ['file']],
    ['no use', [{ name: 'file', file: { filename: 'a.txt', data: text() } }], ['use']],
    ['an unknown use', file('banner', 'a.png', Buffer.from('x')), ['use']],
    ['an unknown part', [...file('attachment', 'a.txt', text()), { name: 'caption', value: 'hi' }], ['caption']],
  ])('422 for %s', async (_name, parts, fields) => {
    const { status, json } = await upload(parts as Part[]);
    expect(status).toBe(422);
    expect(Object.keys(json.errors)).toEqual(fields);
    expect(leftovers().staged).toEqual([]);
  });

  it('422 for a truncated multipart body', async () => {
    const whole = multipart(file('attachment', 'a.txt', Buffer.alloc(5000, 0x61)));
    const cut = whole.subarray(0, whole.length - 200);
    const answer = await rawPost(`${server.baseUrl}/api/v1/media`, cut, {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(JSON.parse(answer.body).errors)).toEqual(['file']);
    expect(leftovers().staged).toEqual([]);
  });

  it('keeps nothing of an upload the client gives up halfway', async () => {
    const body = multipart(file('attachment', 'big.txt', Buffer.alloc(8 * MB, 0x61)));
    const req = request(`${server.baseUrl}/api/v1/media`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(body.length),
      },
    });
    req.on('error', () => {});
    req.write(body.subarray(0, body.length / 2));
    const tmp = join(mediaDir, '.tmp');
    const stagedBytes = () => existsSync(tmp) && readdirSync(tmp).some((d) => existsSync(join(tmp, d, 'upload')));
    while (!stagedBytes()) await new Promise((r) => setTimeout(r, 10));
    const before = leftovers().stored.length;
    req.destroy();
    while (leftovers().staged.length > 0) await new Promise((r) => setTimeout(r, 10));
    expect(leftovers().stored).toHaveLength(before);
  });

  it('415 for a body that is not multipart, 401 without a token', async () => {
    const json = await rawPost(`${server.baseUrl}/api/v1/media`, Buffer.from('{"use":"avatar"}'), {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    });
    expect(json.status).toBe(415);
    expect(Object.keys(JSON.parse(json.body).errors)).toEqual(['body']);
    const anonymous = await rawPost(`${server.baseUrl}/api/v1/media`, multipart(file('attachment', 'a.txt', text())), {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('served uploads', () => {
  it('serves a document as a download with its real type, nosniff, a year of cache and Range', async () => {
    const data = pdf();
    const { json } = await upload(file('attachment', 'brief.pdf', data));
    const url = new URL(json.data.url, server.baseUrl);
    const whole = await fetch(url);
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('content-disposition')).toMatch(/^attachment; filename="?brief\.pdf"?$/);
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const part = await fetch(url, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${data.length}`);
    expect(await part.text()).toBe('%PDF-1.4');
    const beyond = await fetch(url, { headers: { range: `bytes=${data.length + 10}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${data.length}`);
  });

  it('serves a raster image inline and text as a download, never as a page', async () => {
    const image = (await upload(file('attachment', 'p.png', await png()))).json.data;
    const res = await fetch(new URL(image.url, server.baseUrl));
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    const note = (await upload(file('attachment', 'n.txt', text()))).json.data;
    const served = await fetch(new URL(note.url, server.baseUrl));
    expect(served.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('404 for an unknown upload or a file it does not have', async () => {
    const image = (await upload(file('attachment', 'p.png', await png()))).json.data;
    for (const path of [
      '/media/med_AAAAAAAAAAAAAAAA/file.png',
      `/media/${image.id}/avatar.webp`,
      `/media/${image.id}/..%2F..%2Fetc`,
    ]) {
      expect((await fetch(new URL(path, server.baseUrl))).status, path).toBe(404);
    }
  });
});
