import type { Message } from '@cohort/api';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyUserEvent } from '@/lib/live-updates.ts';
import { flattenPages, type MessagePages, messagesKey, upsertMessages } from '@/lib/message-cache.ts';
import { fromServer, optimistic, setStatus } from '../chat-items.ts';

const msg = (id: string, extra: Partial<Message> = {}): Message => ({
  id,
  channel_id: 'chan_1000000000000000',
  sender_id: 'usr_other00000000000',
  reply_message_id: null,
  message: id,
  time: '2026-11-22T10:00:00.000Z',
  files: [],
  ...extra,
});

const bubble = optimistic({
  clientId: 'c1',
  channelId: 'chan_1000000000000000',
  senderId: 'usr_me00000000000000',
  text: 'Hi',
  replyTo: null,
});

describe('chat items', () => {
  it('an optimistic bubble is own, sending and keyed by its client id', () => {
    expect(bubble).toMatchObject({
      key: 'c1',
      client_id: 'c1',
      sender_id: 'usr_me00000000000000',
      status: 'sending',
      message: 'Hi',
    });
  });

  /** A chat cached as the infinite query holds it: `pages[0]` the newest page. */
  const cached = (...pages: Message[][]) => {
    const qc = new QueryClient();
    const value: MessagePages = {
      pages: pages.map((data) => ({
        success: true,
        message: 'OK',
        data,
        meta: { has_more: false, next_before: null },
      })),
      pageParams: pages.map(() => null),
    };
    qc.setQueryData(messagesKey('chan_1000000000000000'), value);
    const read = () => flattenPages(qc.getQueryData<MessagePages>(messagesKey('chan_1000000000000000')));
    return { qc, read };
  };

  it.each([
    ['the POST answer (same client id) replaces nothing else', msg('msg_1000000000000000', { client_id: 'c1' })],
    ['the streamed copy after the POST answer changes nothing', msg('msg_1000000000000000', { client_id: 'c1' })],
  ])('%s', (_name, incoming) => {
    const { qc, read } = cached([msg('msg_0000000000000000'), msg('msg_1000000000000000', { client_id: 'c1' })]);
    upsertMessages(qc, 'chan_1000000000000000', [incoming]);
    expect(read().map((m) => m.id)).toEqual(['msg_0000000000000000', 'msg_1000000000000000']);
  });

  it('a server message keeps the key of the bubble it replaces (its client id)', () => {
    expect(fromServer(msg('msg_1000000000000000', { client_id: 'c1' })).key).toBe(bubble.key);
  });

  it('a new message from someone else joins the newest page', () => {
    const { qc, read } = cached(
      [msg('msg_3000000000000000')],
      [msg('msg_1000000000000000'), msg('msg_2000000000000000')],
    );
    upsertMessages(qc, 'chan_1000000000000000', [msg('msg_4000000000000000')]);
    expect(read().map((m) => m.id)).toEqual([
      'msg_1000000000000000',
      'msg_2000000000000000',
      'msg_3000000000000000',
      'msg_4000000000000000',
    ]);
  });

  it('older pages come first and a message in two pages shows once', () => {
    const { read } = cached(
      [msg('msg_3000000000000000'), msg('msg_4000000000000000')],
      [msg('msg_1000000000000000'), msg('msg_2000000000000000'), msg('msg_3000000000000000')],
    );
    expect(read().map((m) => m.id)).toEqual([
      'msg_1000000000000000',
      'msg_2000000000000000',
      'msg_3000000000000000',
      'msg_4000000000000000',
    ]);
  });

  it("a message the user stream brings lands in that chat's cached messages (an open chat shows it)", () => {
    const { qc, read } = cached([msg('msg_1000000000000000')]);
    applyUserEvent(qc, 'usr_me00000000000000', {
      event: 'message',
      data: { channel_id: 'chan_1000000000000000', message: msg('msg_2000000000000000'), unread_count: 1 },
    });
    expect(read().map((m) => m.id)).toEqual(['msg_1000000000000000', 'msg_2000000000000000']);
  });

  it('a chat not in the cache stays out of it', () => {
    const qc = new QueryClient();
    upsertMessages(qc, 'chan_1000000000000000', [msg('msg_1000000000000000')]);
    expect(qc.getQueryData(messagesKey('chan_1000000000000000'))).toBeUndefined();
  });

  it('marks a failed send and back to sending on Retry, server messages untouched', () => {
    const items = [fromServer(msg('msg_1000000000000000', { client_id: 'c1' })), bubble];
    const failed = setStatus(items, 'c1', 'failed', 'Service unavailable.');
    expect(failed[0]).toEqual(items[0]);
    expect(failed[1]).toMatchObject({ status: 'failed', error: 'Service unavailable.' });
    const retrying = setStatus(failed, 'c1', 'sending');
    expect(retrying[1]).toMatchObject({ status: 'sending' });
    expect(retrying[1]).not.toHaveProperty('error');
  });
});
