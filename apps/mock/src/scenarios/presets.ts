import type { ScenarioFile } from './types.ts';

/**
 * The named scenarios (`--scenario NAME`), written as scenario files are and checked by the same
 * schema. `extends` is implied `default` for every other preset.
 */
export const PRESETS = {
  default: {
    description:
      "Today's seed: 300 users, the demo account with its notes, groups, friends and a 10,000-message archive.",
    seed: { account: 'full' },
  },
  empty: {
    description:
      'A brand-new demo account: no notes, profile items, connections, chats, posts, notifications, saved lists or saved messages. The rest of the seeded directory is there, as for anyone who joins an existing network.',
    seed: { account: 'empty' },
  },
  crowded: {
    description:
      'Long lists: 100,000 users, three groups of 10,000 messages, 2,000 friends, 1,000 more notifications and 200 more saved lists for the demo account.',
    seed: { users: 100_000, longChats: 2, chatMessages: 10_000, friends: 2000, notifications: 1000, savedLists: 200 },
  },
  flaky: {
    description:
      'A bad network and a struggling backend: every answer 100–600 ms late, 5 % fail with 503, and some operations fail or crawl more often (deterministic under --seed).',
    latency: '100-600',
    errorRate: 0.05,
    operations: {
      getMe: { errorRate: 0.1, status: 503 },
      listMyChannels: { errorRate: 0.2, status: 502 },
      getChannelMessages: { latency: '800-2500', errorRate: 0.15, status: 504 },
      sendMessage: { latency: '300-1500', errorRate: 0.2, status: 500 },
      storeNote: { errorRate: 0.25, status: 503 },
      listNotes: { latency: '1000-3000' },
      searchUsers: { latency: '1500-4000', errorRate: 0.1, status: 503 },
      listNotifications: { errorRate: 0.3, status: 502 },
      getFeed: { latency: '500-2000', errorRate: 0.15, status: 500 },
      uploadMedia: { latency: '2000-5000', errorRate: 0.2, status: 503 },
    },
  },
  'offline-stream': {
    description:
      'The event streams are unreliable, as behind a flaky proxy: half the openings are refused with 503, and an opened stream is cut 1–3 s later. Everything else answers as in default.',
    stream: { refuseRate: 0.5, status: 503, dropAfter: '1000-3000' },
  },
} as const satisfies Record<string, ScenarioFile>;

export type PresetName = keyof typeof PRESETS;

export const PRESET_NAMES = Object.keys(PRESETS) as PresetName[];

export const isPreset = (name: string): name is PresetName => Object.hasOwn(PRESETS, name);
