import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../src/seed/index.ts';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('media served by the mock (seeded photos and attachments load offline)', () => {
  it("serves every seeded user's profile photo as an SVG with their initials", async () => {
    const token = await server.login();
    const { data } = await server.client(token).GET('/api/v1/users/me');
    const me = data?.data;
    expect(me?.profile_image).toBe(`/media/avatars/${me?.id}.svg`);
    const res = await fetch(new URL(me?.profile_image ?? '', server.baseUrl));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const initials = `${me?.first_name.charAt(0)}${me?.last_name.charAt(0)}`.toUpperCase();
    expect(await res.text()).toContain(`>${initials}</text>`);
    expect(DEMO_ACCOUNT.email).toBe(me?.email);
  });

  it('serves the images and files that seeded messages point at', async () => {
    const files = Object.values(server.store.snapshot().messages)
      .flat()
      .flatMap((m) => m.files);
    const image = files.find((f) => f.file_type === 1);
    const other = files.find((f) => f.file_type === 2);
    expect(image?.url).toMatch(/^\/media\/images\/\w+\.svg$/);
    expect(other?.url).toMatch(/^\/media\/files\//);
    const img = await fetch(new URL(image?.url ?? '', server.baseUrl));
    expect(img.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const file = await fetch(new URL(other?.url ?? '', server.baseUrl));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it.each([
    ['an unknown user', '/media/avatars/usr_doesNotExist000000.svg'],
    ['a wrong extension', '/media/images/abc.png'],
  ])('answers 404 with the error envelope for %s', async (_name, path) => {
    const res = await fetch(new URL(path, server.baseUrl));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false });
  });
});
