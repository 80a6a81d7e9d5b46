import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, startServer, type TestServer } from './helpers.ts';
import { userStreams, waitFor } from './sse.ts';

let server: TestServer;
const openStream = userStreams();
beforeAll(async () => {
  server = await startServer({
    seed: { users: 40, channels: 4 },
    options: { authLimits: { registerPerAddress: 1000 } },
  });
});
afterAll(() => server.close());

const person = () => server.register();

/** A group made by `creator` with `members`, and a message `author` wrote in it. */
async function setting(creator: Person, members: Person[], author: Person) {
  const channel =
    (
      await creator.api.POST('/api/v1/users/channels/store', {
        body: {
          name: 'Edits',
          description: 'Edit and delete',
          tags: [],
          is_closed: false,
          users: members.map((m) => m.id),
        },
      })
    ).data?.data.id ?? '';
  const sent = await author.api.POST('/api/v1/channels/{id}/messages', {
    params: { path: { id: channel } },
    body: { message: 'See you at 5.' },
  });
  return { channel, message: sent.data?.data.id ?? '' };
}
const history = async (who: Person, channel: string) =>
  (await who.api.GET('/api/v1/channels/{id}/get-messages', { params: { path: { id: channel } } })).data?.data ?? [];

describe('editing and deleting messages', () => {
  it('the author edits: everyone reads the new text, marked edited, live and in the chat list', async () => {
    const [creator, author] = [await person(), await person()];
    const { channel, message } = await setting(creator, [author], author);
    const live = await openStream(server.baseUrl, creator.token);
    const edited = await author.api.PATCH('/api/v1/messages/{id}', {
      params: { path: { id: message } },
      body: { message: 'See you at 6, not 5.' },
    });
    expect(edited.data?.data).toMatchObject({ message: 'See you at 6, not 5.', edited_at: expect.any(String) });
    const event = await waitFor(live, (e) => e.event === 'message_updated');
    expect(event.data).toMatchObject({
      channel_id: channel,
      message: { id: message, message: 'See you at 6, not 5.' },
    });
    expect((await history(creator, channel)).find((m) => m.id === message)?.message).toBe('See you at 6, not 5.');
    const list = (await creator.api.GET('/api/v1/users/me/channels')).data?.data ?? [];
    expect(list.find((c) => c.id === channel)?.last_message?.message).toBe('See you at 6, not 5.');
  });

  it('nobody else edits (403, the text unchanged); an unknown id is a 404; an empty text a 422', async () => {
    const [creator, author, stranger] = [await person(), await person(), await person()];
    const { channel, message } = await setting(creator, [author], author);
    for (const who of [creator, stranger]) {
      const res = await who.api.PATCH('/api/v1/messages/{id}', {
        params: { path: { id: message } },
        body: { message: 'Hijacked' },
      });
      expect(res.error?.status).toBe(403);
    }
    expect(
      (
        await author.api.PATCH('/api/v1/messages/{id}', {
          params: { path: { id: 'msg_AAAAAAAAAAAAAAAAAAAA' } },
          body: { message: 'x' },
        })
      ).error?.status,
    ).toBe(404);
    expect(
      (await author.api.PATCH('/api/v1/messages/{id}', { params: { path: { id: message } }, body: { message: '' } }))
        .error?.status,
    ).toBe(422);
    expect((await history(creator, channel)).find((m) => m.id === message)?.message).toBe('See you at 5.');
  });

  it("the author or the group's creator deletes; the pin goes with it; anyone else gets 403; twice is a 409", async () => {
    const [creator, author, member] = [await person(), await person(), await person()];
    const { channel, message } = await setting(creator, [author, member], author);
    await creator.api.POST('/api/v1/channels/{id}/pin/{msgId}', { params: { path: { id: channel, msgId: message } } });
    expect(
      (await member.api.DELETE('/api/v1/messages/{id}', { params: { path: { id: message } } })).error?.status,
    ).toBe(403);
    const live = await openStream(server.baseUrl, member.token);
    const deleted = await creator.api.DELETE('/api/v1/messages/{id}', { params: { path: { id: message } } });
    expect(deleted.data?.data).toMatchObject({ message: '', files: [], deleted_at: expect.any(String) });
    await waitFor(
      live,
      (e) =>
        e.event === 'message_updated' &&
        (e.data as { message: { deleted_at?: string } }).message.deleted_at !== undefined,
    );
    await waitFor(live, (e) => e.event === 'pin' && (e.data as { message: unknown }).message === null);
    const list = (await member.api.GET('/api/v1/users/me/channels')).data?.data ?? [];
    expect(list.find((c) => c.id === channel)?.pinned_message).toBeNull();
    expect(
      (await author.api.DELETE('/api/v1/messages/{id}', { params: { path: { id: message } } })).error?.status,
    ).toBe(409);
    expect(
      (
        await author.api.PATCH('/api/v1/messages/{id}', {
          params: { path: { id: message } },
          body: { message: 'Back?' },
        })
      ).error?.status,
    ).toBe(409);

    const own = await setting(creator, [author], author);
    expect(
      (await author.api.DELETE('/api/v1/messages/{id}', { params: { path: { id: own.message } } })).response?.status,
    ).toBe(200);
  });
});
