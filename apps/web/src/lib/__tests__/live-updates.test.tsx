import type { Schemas } from '@cohort/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { describe, expect, it } from 'vitest';
import { type Answers, envelope, type TestStream } from '../../test/api.ts';
import { demoUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

/** Events of the user stream (`streamMe`) land in the query cache: every screen shows them without a reload. */

const FRIEND = 'usr_friend0000000001';
const A = 'chan_aaaaaaaaaaaaaaaa';
const B = 'chan_bbbbbbbbbbbbbbbb';
const message = (id: string, channel: string, text: string, time: string, sender = FRIEND): Schemas['Message'] => ({
  id,
  channel_id: channel,
  sender_id: sender,
  reply_message_id: null,
  message: text,
  time,
  files: [],
});
const group = (
  id: string,
  name: string,
  last: Schemas['Message'],
  extra: Partial<Schemas['Channel']> = {},
): Schemas['Channel'] => ({
  id,
  name,
  description: '',
  tags: [],
  is_closed: false,
  users: [demoUser.id, FRIEND],
  member_count: 2,
  status: 'active',
  unread_count: 0,
  last_message: last,
  ...extra,
});
const person = (id: string, first: string, last: string) => ({
  id,
  first_name: first,
  last_name: last,
  profile_image: null,
  last_seen_at: null,
});

const userStream = async (streams: TestStream[]) => {
  await waitFor(() => expect(streams.some((s) => s.path === '/api/v1/users/me/stream' && !s.closed())).toBe(true));
  const open = streams.filter((s) => s.path === '/api/v1/users/me/stream' && !s.closed());
  expect(open).toHaveLength(1);
  return open[0] as TestStream;
};

function chats(answers: Answers = {}) {
  return renderApp({
    streams: 'test',
    path: '/chats',
    signedIn: true,
    answers: {
      listMyChannels: () => ({
        body: envelope([
          group(A, 'VC Deal Flow', message('msg_1000000000000000', A, 'Pitch day', '2026-11-20T10:00:00.000Z')),
          group(B, 'Weekend Hikers', message('msg_2000000000000000', B, 'Trail at 9am', '2026-11-19T10:00:00.000Z')),
        ]),
      }),
      ...answers,
    },
  });
}

const rows = () => within(screen.getByRole('list', { name: 'Chats' })).getAllByRole('link');

describe('live updates from the user stream', () => {
  it('a message in another chat becomes its last message, with the unread badge, and moves it to the top', async () => {
    const { streams } = chats();
    await screen.findByText('Trail at 9am');
    const stream = await userStream(streams);
    expect(stream.authorization).toMatch(/^Bearer /);
    act(() =>
      stream.send('message', {
        channel_id: B,
        message: message('msg_3000000000000000', B, 'Bring water', '2026-11-21T08:00:00.000Z'),
        unread_count: 3,
      }),
    );
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Weekend Hikers'));
    expect(rows()[0]).toHaveTextContent('Bring water');
    expect(rows()[0]).toHaveTextContent('3 unread');
    expect(screen.queryByText('Trail at 9am')).not.toBeInTheDocument();
  });

  it('a group joined elsewhere (an invitation accepted in another tab) appears; one left elsewhere goes', async () => {
    const { streams } = chats();
    await screen.findByText('Trail at 9am');
    const stream = await userStream(streams);
    act(() =>
      stream.send(
        'channel',
        group(
          'chan_cccccccccccccccc',
          'Climate Founders',
          message('msg_9000000000000000', 'chan_cccccccccccccccc', 'Welcome!', '2026-11-22T08:00:00.000Z'),
        ),
      ),
    );
    expect(await screen.findByText('Climate Founders')).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent('Welcome!');
    act(() =>
      stream.send('member', {
        channel_id: A,
        change: 'left',
        user: person(demoUser.id, demoUser.first_name, demoUser.last_name),
        member_count: 1,
      }),
    );
    await waitFor(() => expect(screen.queryByText('VC Deal Flow')).not.toBeInTheDocument());
  });

  it('in an open chat, a new member gets their name (not "Member") and the member count goes up', async () => {
    const NEW = 'usr_newcomer00000001';
    const { streams } = renderApp({
      streams: 'test',
      path: `/chatInbox?id=${A}`,
      signedIn: true,
      wrapper: ({ children }) => (
        <VirtuosoMockContext.Provider value={{ viewportHeight: 100_000, itemHeight: 100 }}>
          {children}
        </VirtuosoMockContext.Provider>
      ),
      answers: {
        listMyChannels: () => ({ body: envelope([]) }),
        getChannel: () => ({
          body: envelope({
            ...group(A, 'VC Deal Flow', message('msg_1000000000000000', A, 'Pitch day', '2026-11-20T10:00:00.000Z')),
            member_count: 2,
            online_count: 1,
            members: [person(demoUser.id, 'Dana', 'Okafor'), person(FRIEND, 'Priya', 'Raman')],
            subgroups: [],
          }),
        }),
        getChannelMessages: () => ({
          body: { ...envelope([]), meta: { has_more: false, next_before: null } },
        }),
        markChannelRead: () => ({
          body: envelope(
            group(A, 'VC Deal Flow', message('msg_1000000000000000', A, 'Pitch day', '2026-11-20T10:00:00.000Z')),
          ),
        }),
      },
    });
    const header = await screen.findByRole('banner');
    await waitFor(() => expect(header).toHaveTextContent('2 members'));
    const stream = await userStream(streams);
    act(() =>
      stream.send('member', { channel_id: A, change: 'joined', user: person(NEW, 'Noor', 'Aziz'), member_count: 3 }),
    );
    await waitFor(() => expect(header).toHaveTextContent('3 members'));
    const chatStream = streams.find((s) => s.path === `/api/v1/channels/${A}/stream` && !s.closed());
    act(() =>
      chatStream?.send(
        'message',
        message('msg_5000000000000000', A, 'Hi all, Noor here', '2026-11-21T09:00:00.000Z', NEW),
      ),
    );
    expect(await screen.findByText('Hi all, Noor here')).toBeInTheDocument();
    expect(screen.getByText('Noor Aziz')).toBeInTheDocument();
    expect(screen.queryByText('Member')).not.toBeInTheDocument();
  });
  it('in a group larger than its embedded sample, a sender beyond the sample gets their name from their profile', async () => {
    const FAR = 'usr_farmember0000001';
    const asked: string[] = [];
    renderApp({
      path: `/chatInbox?id=${A}`,
      signedIn: true,
      wrapper: ({ children }) => (
        <VirtuosoMockContext.Provider value={{ viewportHeight: 100_000, itemHeight: 100 }}>
          {children}
        </VirtuosoMockContext.Provider>
      ),
      answers: {
        listMyChannels: () => ({ body: envelope([]) }),
        getChannel: () => ({
          body: envelope({
            ...group(A, 'VC Deal Flow', message('msg_1000000000000000', A, 'Pitch day', '2026-11-20T10:00:00.000Z')),
            member_count: 25,
            online_count: 1,
            members: [person(demoUser.id, 'Dana', 'Okafor'), person(FRIEND, 'Priya', 'Raman')],
            subgroups: [],
          }),
        }),
        getChannelMessages: () => ({
          body: {
            ...envelope([message('msg_6000000000000000', A, 'From the back row', '2026-11-21T09:00:00.000Z', FAR)]),
            meta: { has_more: false, next_before: null },
          },
        }),
        getUser: (req) => {
          asked.push(req.path);
          return { body: envelope({ ...demoUser, id: FAR, first_name: 'Lena', last_name: 'Brandt' }) };
        },
        markChannelRead: () => ({
          body: envelope(
            group(A, 'VC Deal Flow', message('msg_1000000000000000', A, 'Pitch day', '2026-11-20T10:00:00.000Z')),
          ),
        }),
      },
    });
    expect(await screen.findByText('From the back row')).toBeInTheDocument();
    expect(await screen.findByText('Lena Brandt')).toBeInTheDocument();
    expect(screen.queryByText('Member')).not.toBeInTheDocument();
    expect(asked).toEqual([`/api/v1/users/${FAR}`]);
  });
});
