import type { Faker } from '@faker-js/faker';
import { byCodeUnits } from '../lib/compare.ts';
import type { FeedState, State, StoredComment, StoredPost, StoredStory } from '../store/types.ts';
import { seededId } from './draws.ts';
import { newFaker } from './faker.ts';

// Posts, comments, likes and stories, on their own faker stream after the rest of the seed,
// by the first users only (the demo account, its connections among them): the same few hundred
// rows whatever `--users` is, so the 100k seed is no slower.

const AUTHORS = 120;
const HOUR = 3600e3;
const DAY = 24 * HOUR;

const POSTS = [
  'Slides from last night’s demo night are up. Thanks everyone for coming!',
  'We are hiring two summer interns on the product team. DM me if you are interested.',
  'Anyone going to the alumni mixer on Thursday? Looking for people to carpool with.',
  'Just wrapped up my first week at the new job. So much to learn, and great people.',
  'Our study group meets in the library, room 214, every Tuesday at 6 pm. All welcome.',
  'Throwback to the case competition last spring. Proud of this team.',
  'Reading list for the break: what should I add? Leaning towards history and design.',
  'Huge thanks to everyone who filled in the survey. Results coming next week.',
  'Looking for a co-founder with a background in healthcare. Coffee on me.',
  'Career fair tips from a recruiter friend: bring questions, not just a résumé.',
];
const COMMENTS = [
  'Congrats! Well deserved.',
  'Count me in.',
  'Thanks for sharing this!',
  'Great work, everyone.',
  'Sending you a message now.',
  'Love this.',
  'Where can I find the recording?',
  'See you there!',
];
const LINKS = [
  'https://www.gsb.stanford.edu/events',
  'https://github.com/cohort-demo/pitch-deck',
  'https://en.wikipedia.org/wiki/Alumni_association',
];
const STORY_TEXTS = [
  'Coffee chat anyone?',
  'First snow on campus!',
  'Offer accepted!',
  'Finals week mode',
  'Demo day!',
];
const BACKGROUNDS = ['sunset', 'ocean', 'forest', 'berry', 'night', '#1f6feb'];

/** A seeded picture (drawn on first request by the media router), as a post or story shows it. */
function picture(f: Faker) {
  const name = f.string.alphanumeric(12);
  const url = `/media/images/${name}.jpg`;
  return { id: `med_seed${name}`, url, thumbnail_url: url, width: 800, height: 600 };
}

export function seedFeed(state: State, seed: number, refDate: Date): FeedState {
  const f = newFaker();
  f.seed([seed, 17]);
  const feed: FeedState = { posts: [], comments: [], reports: [], stories: [] };
  const authors = state.users.slice(0, AUTHORS);
  const channelsOf = new Map<string, string[]>();
  for (const c of state.channels) {
    if (c.is_direct) continue;
    for (const u of c.users) channelsOf.set(u, [...(channelsOf.get(u) ?? []), c.id]);
  }
  const members = new Map(state.channels.map((c) => [c.id, c.users]));
  for (const [i, author] of authors.entries()) {
    const count = i === 0 ? 2 : f.number.int({ max: 2 });
    for (let n = 0; n < count; n++) {
      const created = refDate.getTime() - f.number.int({ min: HOUR, max: 14 * DAY });
      const groups = channelsOf.get(author.id) ?? [];
      const channelId =
        groups.length > 0 && f.datatype.boolean({ probability: 0.4 }) ? f.helpers.arrayElement(groups) : null;
      const imageCount = f.datatype.boolean({ probability: 0.3 }) ? f.number.int({ min: 1, max: 3 }) : 0;
      const audience = (channelId ? (members.get(channelId) ?? []) : author.friend_ids).filter((u) => u !== author.id);
      const post: StoredPost = {
        id: seededId('post', f),
        user_id: author.id,
        text: f.helpers.arrayElement(POSTS),
        images: Array.from({ length: imageCount }, () => picture(f)),
        link: f.datatype.boolean({ probability: 0.15 }) ? f.helpers.arrayElement(LINKS) : null,
        channel_id: channelId,
        liked_by: f.helpers.arrayElements(audience, Math.min(audience.length, f.number.int({ max: 8 }))),
        created_at: new Date(created).toISOString(),
      };
      feed.posts.push(post);
      const commenters = f.helpers.arrayElements(audience, Math.min(audience.length, f.number.int({ max: 3 })));
      for (const userId of commenters) {
        const comment: StoredComment = {
          id: seededId('cmt', f),
          post_id: post.id,
          user_id: userId,
          text: f.helpers.arrayElement(COMMENTS),
          created_at: new Date(created + f.number.int({ min: 60e3, max: HOUR })).toISOString(),
        };
        feed.comments.push(comment);
      }
    }
  }
  // Stories from the demo account's connections and a few others, a few hours old at the reference
  // time: the store counts their age from when it loads them, so they are live on every start.
  const demo = state.users[0];
  const storyAuthors = new Set([...(demo?.friend_ids ?? []).slice(0, 10), ...authors.slice(1, 30).map((u) => u.id)]);
  for (const userId of storyAuthors) {
    if (!f.datatype.boolean({ probability: 0.5 })) continue;
    for (let n = f.number.int({ min: 1, max: 3 }); n > 0; n--) {
      const image = f.datatype.boolean({ probability: 0.5 });
      const story: StoredStory = {
        id: seededId('sty', f),
        user_id: userId,
        kind: image ? 'image' : 'text',
        image: image ? picture(f) : null,
        text: image ? null : f.helpers.arrayElement(STORY_TEXTS),
        background: image ? null : f.helpers.arrayElement(BACKGROUNDS),
        created_at: new Date(refDate.getTime() - f.number.int({ min: HOUR, max: 20 * HOUR })).toISOString(),
        seen_by: [],
        seeded: true,
      };
      feed.stories.push(story);
    }
  }
  const byTime = (a: { created_at: string }, b: { created_at: string }) => byCodeUnits(a.created_at, b.created_at);
  feed.posts.sort(byTime);
  feed.comments.sort(byTime);
  feed.stories.sort(byTime);
  return feed;
}
