import type { Schemas } from '@cohort/api';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Answers, envelope } from '../../test/api.ts';
import { demoUser } from '../../test/fixtures.ts';
import {
  ASTRAL_NAME,
  CHANNEL_ID,
  hostileChannel,
  hostileChannels,
  hostileClubs,
  hostileDetail,
  hostileEvents,
  hostileExperiences,
  hostileFriends,
  hostileInterests,
  hostileInvites,
  hostileMessages,
  hostileNotes,
  hostileSavedListDetail,
  hostileSavedLists,
  hostileSavedMessages,
  LEAP_SECOND,
  LONG_MESSAGE,
  LONG_NAME,
  NOT_A_DATE,
  namelessStranger,
  namelessUser,
  OTHER_ID,
  RTL,
} from '../../test/hostile.ts';
import { renderApp } from '../../test/render.tsx';

/**
 * Every screen that shows server data, fed hostile but contract-valid answers (src/test/hostile.ts):
 * it must render (no route error), show a sensible fallback for what is missing, never print
 * "Invalid Date", "NaN", "undefined" or half a character, and isolate right-to-left text (dir=auto).
 */

interface Case {
  given: {
    path: string;
    answers: Answers;
    state?: unknown;
    /** The chat's virtual list renders every message (a tall mocked viewport). */
    allItems?: boolean;
    /** What the user does to reach the part under test (a tab, a sheet). */
    open?: (user: UserEvent) => Promise<void>;
  };
  /** Texts the screen must show once loaded. */
  want: string[];
}

// Percent-escapes that are valid syntax but not UTF-8: decoding them throws.
const hostileMedia: Record<string, Pick<Schemas['MediaItem'], 'kind' | 'url'>> = {
  file: { kind: 'file', url: '/media/files/a%FF.txt' },
  link: { kind: 'link', url: 'https://example.org/%E0%A4' },
};
// Contract-valid items with only the required fields (no name, size or thumbnail).
const mediaPage = (kind: string | null) => {
  const item = kind ? hostileMedia[kind] : undefined;
  const base = { message_id: 'msg_AAAAAAAAAAAAAAAA', channel_id: CHANNEL_ID, sender_id: OTHER_ID, time: LEAP_SECOND };
  return { ...envelope(item ? [{ ...item, ...base }] : []), meta: { has_more: false, next_cursor: null } };
};
const page = (data: Schemas['Message'][]) => ({ ...envelope(data), meta: { has_more: false, next_before: null } });
const me = { getMe: () => ({ body: envelope(namelessUser) }) };
const profileLists: Answers = {
  ...me,
  listNotes: () => ({ body: envelope(hostileNotes) }),
  listClubs: () => ({ body: envelope(hostileClubs) }),
  listExperiences: () => ({ body: envelope(hostileExperiences) }),
  listUserExperiences: () => ({ body: envelope(hostileExperiences) }),
  listInterests: () => ({ body: envelope(hostileInterests) }),
  listDirections: () => ({
    body: envelope(hostileInterests.map(({ id, name }) => ({ id, name, position: null }))),
  }),
  listEvents: () => ({ body: envelope(hostileEvents) }),
  listFriends: () => ({ body: hostileFriends }),
  listSavedMessages: () => ({ body: envelope(hostileSavedMessages) }),
  getUser: () => ({ body: envelope(namelessStranger) }),
  listMyChannels: () => ({ body: envelope(hostileChannels) }),
};
const chat: Answers = {
  ...me,
  listMyChannels: () => ({ body: envelope(hostileChannels) }),
  listFriends: () => ({ body: hostileFriends }),
  getChannel: () => ({ body: envelope(hostileDetail) }),
  getChannelMessages: () => ({ body: page(hostileMessages) }),
  markChannelRead: () => ({ body: envelope(hostileChannel) }),
  listChannelMedia: (req) => ({ body: mediaPage(new URLSearchParams(req.search).get('kind')) }),
};
const tab = (name: string) => async (user: UserEvent) => user.click(await screen.findByRole('tab', { name }));

const cases: [string, Case][] = [
  [
    'chat list: a 255-letter name, a nameless group, no optional fields, a file-only last message',
    { given: { path: '/chats', answers: chat }, want: [RTL, 'Unnamed group', 'File', 'No messages yet', LONG_NAME] },
  ],
  [
    'new message drawer: friends without names',
    {
      given: {
        path: '/chats',
        answers: chat,
        open: async (user) => user.click(await screen.findByRole('button', { name: 'New message' })),
      },
      want: ['Unnamed member', RTL],
    },
  ],
  [
    'chat inbox: a bad escape, a 10,000-character word, RTL, a leap second, a nameless sender',
    {
      given: { path: `/chatInbox?id=${CHANNEL_ID}`, answers: chat, allItems: true },
      want: ['a%FF.txt', LONG_MESSAGE, RTL, 'Unnamed member', 'Reply to an earlier message', 'Plain message 5'],
    },
  ],
  [
    'group profile header and members: RTL name, nameless and 255-letter members',
    {
      given: { path: `/group-profile?id=${CHANNEL_ID}`, answers: chat },
      want: [RTL, 'Unnamed member', LONG_NAME, `${ASTRAL_NAME} ${RTL}`, '3 members · 0 online'],
    },
  ],
  [
    'group profile SubGroup tab: a nameless subgroup without expiry',
    {
      given: { path: `/group-profile?id=${CHANNEL_ID}`, answers: chat, open: tab('SubGroup') },
      want: ['Unnamed group', 'No expiry'],
    },
  ],
  [
    'group profile Files tab: a file URL with a malformed escape',
    {
      given: { path: `/group-profile?id=${CHANNEL_ID}`, answers: chat, open: tab('Files') },
      want: ['a%FF.txt'],
    },
  ],
  [
    'group profile Link tab: a link with a broken escape',
    {
      given: { path: `/group-profile?id=${CHANNEL_ID}`, answers: chat, open: tab('Link') },
      want: ['example.org', '/%E0%A4'],
    },
  ],
  [
    'my groups: no member_count, nameless and RTL groups',
    {
      given: {
        path: '/group',
        answers: {
          ...chat,
          listMyChannels: () => ({ body: envelope(hostileChannels) }),
          listChannelInvites: () => ({ body: envelope([]) }),
        },
      },
      want: ['Unnamed group', RTL, '2 members', '0 members'],
    },
  ],
  [
    'group invites: a nameless group from a nameless inviter on a leap second',
    {
      given: {
        path: '/group',
        state: { id: 3 },
        answers: {
          ...chat,
          listChannelInvites: () => ({ body: envelope(hostileInvites) }),
          getUser: () => ({ body: envelope(namelessStranger) }),
        },
      },
      want: ['Unnamed group', 'Invited on Dec 31, 2016'],
    },
  ],
  [
    'saved lists: a nameless list, a 255-letter name, the largest count',
    {
      given: {
        path: '/savedlists',
        answers: { ...me, listSavedLists: () => ({ body: envelope(hostileSavedLists) }) },
      },
      want: ['Untitled list', LONG_NAME, '2147483647', 'Dec 31, 2016'],
    },
  ],
  [
    'a saved list: nameless members, an unparseable last-seen, an RTL title',
    {
      given: {
        path: '/savedlists?list=1',
        answers: {
          ...me,
          getSavedList: () => ({ body: envelope(hostileSavedListDetail) }),
        },
      },
      want: [RTL, 'Created Dec 31, 2016 · 3 people', 'Unnamed member', 'last seen a long time ago'],
    },
  ],
  [
    'own profile header and Notes: no name, RTL description, no optional contact field, a free-text date',
    {
      given: { path: '/profile', answers: profileLists },
      want: ['n@x.edu', RTL, 'Not added', LONG_NAME, LONG_MESSAGE, NOT_A_DATE],
    },
  ],
  [
    "another person's profile: no name, no contact details, no description",
    {
      given: { path: `/otherProfile?id=${OTHER_ID}`, answers: profileLists },
      want: ['Unnamed member', 'Not shown to you', LONG_NAME],
    },
  ],
  [
    'Clubs: a 255-letter club without a position, an RTL one',
    { given: { path: '/profile', answers: profileLists, open: tab('Clubs') }, want: [LONG_NAME, RTL] },
  ],
  [
    'Experience: a 255-letter university, no concern, an RTL degree',
    {
      given: { path: '/profile', answers: profileLists, open: tab('Experience') },
      want: [LONG_NAME, RTL, 'Class of 1900'],
    },
  ],
  [
    'Interests: a 255-letter and an RTL chip',
    { given: { path: '/profile', answers: profileLists, open: tab('Interests') }, want: [LONG_NAME, RTL] },
  ],
  [
    'Direction: the same chips',
    { given: { path: '/profile', answers: profileLists, open: tab('Direction') }, want: [LONG_NAME, RTL] },
  ],
  [
    'Calendar: an untitled event on a leap second, a colour named like a prototype key, the year 9999',
    {
      given: {
        path: '/profile',
        answers: profileLists,
        open: async (user) => user.click(await screen.findByRole('button', { name: 'Calendar' })),
      },
      want: ['Untitled event', 'Saturday, December 31', RTL, 'Unnamed member', '1 other', LONG_NAME, 'All day'],
    },
  ],
  [
    'Saved Messages: a file-only message from a nameless group, a 10,000-character word',
    {
      given: {
        path: '/profile',
        answers: profileLists,
        open: async (user) => user.click(await screen.findByRole('switch', { name: 'Saved Messages' })),
      },
      want: [RTL, 'Attachment', LONG_MESSAGE],
    },
  ],
];

/** The text nodes under `root`, with their parent element. */
function textNodes(root: Node): Text[] {
  const out: Text[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) out.push(node as Text);
    for (const child of Array.from(node.childNodes)) walk(child);
  };
  walk(root);
  return out;
}

function AllItems({ children }: { children: ReactNode }) {
  return (
    <VirtuosoMockContext.Provider value={{ viewportHeight: 100_000, itemHeight: 100 }}>
      {children}
    </VirtuosoMockContext.Provider>
  );
}

const RTL_CHAR = /[\u0590-\u08FF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

class FakeEventSource {
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  addEventListener() {}
  close() {}
}
beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
  // An item that cannot render logs through its error boundary: that is a failure here too.
  vi.spyOn(console, 'error');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('every screen renders hostile but contract-valid server data', () => {
  it.each(cases)('%s', async (_name, { given, want }) => {
    const { user } = renderApp({
      path: given.path,
      answers: given.answers,
      signedIn: true,
      state: given.state,
      ...(given.allItems && { wrapper: AllItems }),
    });
    await given.open?.(user);
    for (const text of want) {
      await waitFor(() => expect(document.body.textContent).toContain(text));
    }
    const body = document.body.textContent ?? '';
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
    expect(body).not.toMatch(/can't be shown|Invalid Date|NaN|undefined|\[object Object\]/);
    expect(body).not.toMatch(LONE_SURROGATE);
    expect(console.error).not.toHaveBeenCalled();
    // Right-to-left text is isolated, so it reads right in a left-to-right page and vice versa.
    const unisolated = textNodes(document.body)
      .filter((t) => RTL_CHAR.test(t.data))
      // (Avatar initials are decorative and hidden from assistive technology: one run, nothing to isolate.)
      .filter((t) => !t.parentElement?.closest('[dir="auto"], [aria-hidden="true"], input, textarea'))
      .map((t) => `<${t.parentElement?.tagName.toLowerCase()}> ${t.data.slice(0, 40)}`);
    expect(unisolated).toEqual([]);
  });

  it('the fixtures keep to the contract bounds they claim', () => {
    expect(LONG_NAME).toHaveLength(255);
    expect(LONG_MESSAGE).toHaveLength(10_000);
    expect(NOT_A_DATE.length).toBeLessThanOrEqual(32);
    expect(demoUser.id).toMatch(/^usr_[A-Za-z0-9_-]{16,64}$/);
    for (const id of [CHANNEL_ID, ...hostileMessages.map((m) => m.id), OTHER_ID]) {
      expect(id).toMatch(/^(usr|chan|msg)_[A-Za-z0-9_-]{16,64}$/);
    }
  });
});
