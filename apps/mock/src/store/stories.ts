import type { components } from '@cohort/api';
import { byCodeUnits } from '../lib/compare.ts';
import { HttpError } from '../lib/http-error.ts';
import { randomId } from '../lib/ids.ts';
import type { Accounts } from './accounts.ts';
import type { Blocks } from './blocks.ts';
import { listCollection } from './collection.ts';
import type { StoreCore } from './core.ts';
import type { LiveEvents } from './live-events.ts';
import { toPerson } from './person.ts';
import type { PostImage } from './posts.ts';
import { bool, nullable, record, str, strings } from './row-schema.ts';
import type { AnyOfFields, StoredStory } from './types.ts';

type Schemas = components['schemas'];
export type Story = Schemas['Story'];
export type StoryGroup = Schemas['StoryGroup'];

/** A story lives this long after it was made (the mock's clock). */
export const STORY_TTL_MS = 24 * 60 * 60 * 1000;
/** `listStories` shows at most this many people. */
const MAX_PEOPLE = 500;

/** What `createStory` accepts once the contract validated it. */
export type StoryDraft = AnyOfFields<Schemas['StoryInput']>;

export const STORIES = listCollection({
  name: 'story',
  place: { part: 'feed', field: 'stories' },
  item: () =>
    record(
      {
        id: str,
        user_id: str,
        kind: { enum: ['image', 'text'] },
        image: { type: ['object', 'null'] },
        text: nullable('string'),
        background: nullable('string'),
        created_at: str,
        seen_by: strings,
      },
      { seeded: bool },
    ),
  read: (areas: { readonly stories: Stories }, key) => areas.stories.get(key),
});

/**
 * Stories: one image or a text card, seen by the author's connections for 24 hours. Seeded stories
 * keep the age they had at the seed's reference time, counted from when the store loaded them.
 */
export class Stories {
  private readonly byId = new Map<string, StoredStory>();
  private readonly byUser = new Map<string, StoredStory[]>();

  constructor(
    private readonly core: StoreCore,
    private readonly areas: { readonly accounts: Accounts; readonly blocks: Blocks; readonly events: LiveEvents },
    stories: StoredStory[],
    seedRefMs: number,
  ) {
    const now = core.nowMs();
    for (const stored of [...stories].sort((a, b) => byCodeUnits(a.created_at, b.created_at))) {
      const { seeded, ...rest } = stored;
      const s: StoredStory = seeded
        ? { ...rest, created_at: new Date(now - (seedRefMs - Date.parse(stored.created_at))).toISOString() }
        : stored;
      this.byId.set(s.id, s);
      const list = this.byUser.get(s.user_id);
      if (list) list.push(s);
      else this.byUser.set(s.user_id, [s]);
    }
  }

  all(): StoredStory[] {
    return [...this.byId.values()];
  }

  get(id: string): StoredStory | undefined {
    return this.byId.get(id);
  }

  private live(s: StoredStory): boolean {
    return this.core.nowMs() < Date.parse(s.created_at) + STORY_TTL_MS;
  }

  /** The author and their connections, never across a block. */
  canSee(userId: string, s: StoredStory): boolean {
    if (s.user_id === userId) return true;
    if (this.areas.blocks.between(userId, s.user_id)) return false;
    return this.areas.accounts.find(s.user_id)?.friend_ids.includes(userId) ?? false;
  }

  private visible(userId: string, id: string): StoredStory {
    const s = this.byId.get(id);
    if (!s || !this.live(s) || !this.canSee(userId, s)) throw HttpError.notFound(`No story ${id}.`);
    return s;
  }

  view(s: StoredStory, viewerId: string): Story {
    return {
      id: s.id,
      user_id: s.user_id,
      kind: s.kind,
      image: s.image,
      text: s.text,
      background: s.background,
      created_at: s.created_at,
      expires_at: new Date(Date.parse(s.created_at) + STORY_TTL_MS).toISOString(),
      seen: s.user_id === viewerId || s.seen_by.includes(viewerId),
    };
  }

  create(userId: string, draft: StoryDraft, image: (id: string) => PostImage): Story {
    if (draft.image && (draft.text !== undefined || draft.background !== undefined)) {
      const both = 'Send an image or a text card, not both.';
      throw HttpError.invalid({
        image: [both],
        ...(draft.text !== undefined ? { text: [both] } : { background: [both] }),
      });
    }
    if (!draft.image && (draft.text ?? '').trim() === '')
      throw HttpError.invalid({ text: ['A text card needs text.'] });
    const s: StoredStory = {
      id: randomId('sty'),
      user_id: userId,
      kind: draft.image ? 'image' : 'text',
      image: draft.image ? image(draft.image.id) : null,
      text: draft.image ? null : (draft.text ?? '').trim(),
      background: draft.image ? null : (draft.background ?? null),
      created_at: this.core.now().toISOString(),
      seen_by: [],
    };
    this.core.touch(STORIES, s.id);
    this.byId.set(s.id, s);
    const list = this.byUser.get(userId);
    if (list) list.push(s);
    else this.byUser.set(userId, [s]);
    const author = this.areas.accounts.require(userId);
    this.areas.events.announce({
      type: 'feed',
      event: 'story',
      to: (viewerId) => this.canSee(viewerId, s),
      data: (viewerId) => ({ user: toPerson(author), story: this.view(s, viewerId) }),
    });
    return this.view(s, userId);
  }

  delete(userId: string, id: string): void {
    const s = this.visible(userId, id);
    if (s.user_id !== userId) throw HttpError.forbidden('Only its author can delete a story.');
    this.forget(s);
  }

  private forget(s: StoredStory): void {
    this.core.touch(STORIES, s.id);
    this.byId.delete(s.id);
    const list = this.byUser.get(s.user_id) ?? [];
    const at = list.indexOf(s);
    if (at !== -1) list.splice(at, 1);
  }

  markSeen(userId: string, id: string): Story {
    const s = this.visible(userId, id);
    if (s.user_id !== userId && !s.seen_by.includes(userId)) {
      this.core.touch(STORIES, s.id);
      s.seen_by = [...s.seen_by, userId];
    }
    return this.view(s, userId);
  }

  /** Me first, then people with a story I have not seen, then the rest; each by their newest story. */
  list(userId: string): StoryGroup[] {
    const me = this.areas.accounts.require(userId);
    const groups: { group: StoryGroup; newest: string }[] = [];
    for (const personId of [userId, ...me.friend_ids]) {
      const stories = (this.byUser.get(personId) ?? []).filter((s) => this.live(s) && this.canSee(userId, s));
      const person = stories.length > 0 ? this.areas.accounts.find(personId) : undefined;
      if (!person) continue;
      const views = stories.map((s) => this.view(s, userId));
      const group = { user: toPerson(person), has_unseen: views.some((v) => !v.seen), stories: views };
      groups.push({ group, newest: stories.at(-1)?.created_at ?? '' });
    }
    const rank = (g: StoryGroup) => (g.user.id === userId ? 0 : g.has_unseen ? 1 : 2);
    groups.sort((a, b) => rank(a.group) - rank(b.group) || byCodeUnits(b.newest, a.newest));
    return groups.slice(0, MAX_PEOPLE).map((g) => g.group);
  }

  forgetUser(userId: string): void {
    for (const s of [...(this.byUser.get(userId) ?? [])]) this.forget(s);
    this.byUser.delete(userId);
  }
}
