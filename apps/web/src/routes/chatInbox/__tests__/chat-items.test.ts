import type { Message } from '@cohort/api';
import { describe, expect, it } from 'vitest';
import { type ChatItem, fromServer, optimistic, prependOlder, setStatus, upsertMessage } from '../chat-items.ts';

const msg = (id: string, extra: Partial<Message> = {}): Message => ({
  id,
  channel_id: 'chan_1',
  sender_id: 'usr_other',
  reply_message_id: null,
  message: id,
  time: '2026-11-22T10:00:00.000Z',
  files: [],
  ...extra,
});

const bubble = optimistic({ clientId: 'c1', channelId: 'chan_1', senderId: 'usr_me', text: 'Hi', replyTo: null });

describe('chat items', () => {
  it('an optimistic bubble is own, sending and keyed by its client id', () => {
    expect(bubble).toMatchObject({ key: 'c1', client_id: 'c1', sender_id: 'usr_me', status: 'sending', message: 'Hi' });
  });

  it.each([
    [
      'the POST answer replaces the bubble, keeping its key',
      [bubble],
      msg('msg_1', { client_id: 'c1', sender_id: 'usr_me' }),
    ],
    [
      'the streamed copy after the POST answer changes nothing',
      [fromServer(msg('msg_1', { client_id: 'c1', sender_id: 'usr_me' }))],
      msg('msg_1', { client_id: 'c1', sender_id: 'usr_me' }),
    ],
  ])('%s', (_name, items: ChatItem[], incoming) => {
    const next = upsertMessage(items, incoming);
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ id: 'msg_1', key: 'c1' });
    expect(next[0]?.status).toBeUndefined();
  });

  it('appends a new message from someone else', () => {
    const next = upsertMessage([fromServer(msg('msg_1'))], msg('msg_2'));
    expect(next.map((m) => m.id)).toEqual(['msg_1', 'msg_2']);
  });

  it('puts an older page in front and skips what is already shown', () => {
    const next = prependOlder(
      [fromServer(msg('msg_3')), fromServer(msg('msg_4'))],
      [msg('msg_1'), msg('msg_2'), msg('msg_3')],
    );
    expect(next.map((m) => m.id)).toEqual(['msg_1', 'msg_2', 'msg_3', 'msg_4']);
  });

  it('marks a failed send and back to sending on Retry, server messages untouched', () => {
    const items = [fromServer(msg('msg_1', { client_id: 'c1' })), bubble];
    const failed = setStatus(items, 'c1', 'failed', 'Service unavailable.');
    expect(failed[0]).toEqual(items[0]);
    expect(failed[1]).toMatchObject({ status: 'failed', error: 'Service unavailable.' });
    const retrying = setStatus(failed, 'c1', 'sending');
    expect(retrying[1]).toMatchObject({ status: 'sending' });
    expect(retrying[1]).not.toHaveProperty('error');
  });
});
