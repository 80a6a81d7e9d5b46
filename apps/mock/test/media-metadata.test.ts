import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, startServer, type TestServer, validateResponse } from './helpers.ts';
import { animatedGif, phonePhoto } from './media-fixtures.ts';

let server: TestServer;
let owner: Person;
let friend: Person;
let channelId: string;

async function upload(use: string, name: string, data: Buffer) {
  const form = new FormData();
  form.append('use', use);
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${server.baseUrl}/api/v1/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}` },
    body: form,
  });
  const body = await res.json();
  expect(validateResponse('uploadMedia', res.status, body)).toEqual([]);
  expect(res.status).toBe(201);
  return body.data as { id: string; url: string; thumbnail_url?: string; size: number; width: number; height: number };
}

/** What a served image says about itself: its EXIF and XMP (absent when stripped), its orientation and size. */
async function served(url: string) {
  const res = await fetch(new URL(url, server.baseUrl));
  expect(res.status, url).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  return {
    bytes,
    exif: meta.exif,
    xmp: meta.xmp,
    orientation: meta.orientation ?? 1,
    width: meta.width,
    height: meta.height,
  };
}

beforeAll(async () => {
  server = await startServer({ seed: { users: 20, channels: 2 } });
  owner = await server.register({ first_name: 'Pia', last_name: 'Photos' });
  friend = await server.register({ first_name: 'Fred', last_name: 'Friend' });
  const created = await owner.api.POST('/api/v1/users/channels/store', {
    body: { name: 'Trip photos', description: 'Where we went.', tags: [1], is_closed: true, users: [friend.id] },
  });
  channelId = created.data?.data.id ?? '';
  expect(channelId).toMatch(/^chan_/);
});
afterAll(() => server.close());

describe("an uploaded photo's metadata (EXIF with GPS) reaches nobody", () => {
  it('every URL the contract hands out for a message image, a post image and an avatar serves the photo upright without EXIF', async () => {
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).exif?.includes(Buffer.from([0x25, 0x88])), 'the fixture has GPS').toBe(true);

    const attachment = await upload('attachment', 'beach.jpg', photo);
    const avatar = await upload('avatar', 'me.jpg', photo);
    expect([attachment.width, attachment.height]).toEqual([48, 64]);

    const message = await owner.api.POST('/api/v1/channels/{id}/messages', {
      params: { path: { id: channelId } },
      body: { message: 'Look', files: [{ id: attachment.id }] },
    });
    expect(message.error).toBeUndefined();
    const postImage = await upload('attachment', 'pier.jpg', photo);
    const post = await owner.api.POST('/api/v1/posts', { body: { text: 'The pier', images: [{ id: postImage.id }] } });
    expect(post.error).toBeUndefined();
    const me = await owner.api.PATCH('/api/v1/users/me', { body: { profile_image: avatar.id } });
    expect(me.error).toBeUndefined();
    // What the other person is handed: the message as read, the post, the profile.
    const read = await friend.api.GET('/api/v1/channels/{id}/get-messages', { params: { path: { id: channelId } } });
    const file = read.data?.data.find((m) => m.files?.length)?.files?.[0];
    const image = post.data?.data.images?.[0];
    const profile = await friend.api.GET('/api/v1/users/{id}', { params: { path: { id: owner.id } } });

    const urls = [
      attachment.url,
      attachment.thumbnail_url,
      file?.url,
      file?.thumbnail_url,
      postImage.url,
      postImage.thumbnail_url,
      image?.url,
      image?.thumbnail_url,
      avatar.url,
      avatar.thumbnail_url,
      profile.data?.data.profile_image,
    ];
    expect(
      urls.every((u) => typeof u === 'string' && u.startsWith('/media/med_')),
      JSON.stringify(urls),
    ).toBe(true);
    for (const url of urls as string[]) {
      const got = await served(url);
      expect(got.exif, `EXIF at ${url}`).toBeUndefined();
      expect(got.xmp, `XMP at ${url}`).toBeUndefined();
      expect(got.orientation, url).toBe(1);
      expect(got.bytes.includes(Buffer.from('Phone')), url).toBe(false);
    }
    // The stored original is upright (its orientation applied before the tag went) and its size is what is served.
    const original = await served(attachment.url);
    expect([original.width, original.height]).toEqual([48, 64]);
    expect(original.bytes.length).toBe(attachment.size);
  });

  it.each(['png', 'webp'] as const)('a %s photo with EXIF is served without it', async (format) => {
    const stored = await upload('attachment', `photo.${format}`, await phonePhoto(format));
    for (const url of [stored.url, stored.thumbnail_url ?? '']) {
      const got = await served(url);
      expect(got.exif, url).toBeUndefined();
      expect(got.orientation, url).toBe(1);
    }
  });

  it('an animated GIF keeps its frames when it is re-encoded', async () => {
    const stored = await upload('attachment', 'wave.gif', await animatedGif());
    const res = await fetch(new URL(stored.url, server.baseUrl));
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).pages).toBe(2);
  });

  it("an avatar's original is not served beside its square copy (the contract names only the square and the thumbnail)", async () => {
    const avatar = await upload('avatar', 'me.jpg', await phonePhoto());
    expect(avatar.url).toMatch(/\/avatar\.webp$/);
    for (const name of ['file.jpg', 'file.jpeg', 'file.png', 'file.bin']) {
      const res = await fetch(new URL(`/media/${avatar.id}/${name}`, server.baseUrl));
      expect(res.status, name).toBe(404);
    }
  });
});
