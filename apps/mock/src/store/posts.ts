import type { components } from '@cohort/api';
import { HttpError } from '../lib/http-error.ts';
import { randomId } from '../lib/ids.ts';
import type { Accounts } from './accounts.ts';
import type { Blocks } from './blocks.ts';
import type { Channels } from './channels.ts';
import { listCollection } from './collection.ts';
import type { StoreCore } from './core.ts';
import { byTime, decodeCursor, drop, EMPTY_PAGE, newestBefore, newestFirst, pageOf, push } from './feed-paging.ts';
import type { LiveEvents } from './live-events.ts';
import type { MediaLibrary } from './media.ts';
import type { Notifications } from './notifications.ts';
import { toPerson } from './person.ts';
import { PostReports } from './post-reports.ts';
import { int, list, nullable, record, str, strings } from './row-schema.ts';
import type { AnyOfFields, FeedState, StoredComment, StoredPost, StoredPostReport } from './types.ts';

type Schemas = components['schemas'];
export type Post = Schemas['Post'];
export type Comment = Schemas['Comment'];
export type PostImage = Schemas['PostImage'];
type PageMeta = Schemas['PageMeta'];

/** What `createPost` accepts once the contract validated it. */
export type PostDraft = AnyOfFields<Schemas['PostInput']>;

interface PostsUses {
  readonly accounts: Accounts;
  readonly blocks: Blocks;
  readonly channels: Channels;
  readonly events: LiveEvents;
  readonly media: MediaLibrary;
  readonly notifications: Notifications;
}

export const POSTS = listCollection({
  name: 'post',
  place: { part: 'feed', field: 'posts' },
  item: () =>
    record({
      id: str,
      user_id: str,
      text: str,
      images: list(record({ id: str, url: str, thumbnail_url: str, width: int, height: int })),
      link: nullable('string'),
      channel_id: nullable('string'),
      liked_by: strings,
      created_at: str,
    }),
  read: (areas: { readonly posts: Posts }, key) => areas.posts.get(key),
});

export const COMMENTS = listCollection({
  name: 'comment',
  place: { part: 'feed', field: 'comments' },
  item: () => record({ id: str, post_id: str, user_id: str, text: str, created_at: str }),
  read: (areas: { readonly posts: Posts }, key) => areas.posts.comment(key),
});

/**
 * Posts (to the author's connections or to one group), their likes, comments and reports. Who may
 * see a post (`canSee`) decides every read, every write on it and who hears of it live.
 */
export class Posts {
  private readonly byId = new Map<string, StoredPost>();
  private readonly byAuthor = new Map<string, StoredPost[]>();
  private readonly byChannel = new Map<string, StoredPost[]>();
  private readonly comments = new Map<string, StoredComment>();
  private readonly commentsOf = new Map<string, StoredComment[]>();
  readonly reports: PostReports;

  constructor(
    private readonly core: StoreCore,
    private readonly areas: PostsUses,
    state: FeedState,
  ) {
    for (const p of [...state.posts].sort(byTime)) this.index(p);
    for (const c of [...state.comments].sort(byTime)) {
      this.comments.set(c.id, c);
      push(this.commentsOf, c.post_id, c);
    }
    this.reports = new PostReports(core, state.reports);
  }

  private index(p: StoredPost): void {
    this.byId.set(p.id, p);
    push(this.byAuthor, p.user_id, p);
    if (p.channel_id) push(this.byChannel, p.channel_id, p);
  }

  all(): Omit<FeedState, 'stories'> {
    return {
      posts: [...this.byId.values()],
      comments: [...this.comments.values()],
      reports: this.reports.all(),
    };
  }

  get(id: string): StoredPost | undefined {
    return this.byId.get(id);
  }

  comment(id: string): StoredComment | undefined {
    return this.comments.get(id);
  }

  /** The author; their connections (a post to connections) or the group's members; never across a block. */
  canSee(userId: string, p: StoredPost): boolean {
    if (p.user_id === userId) return true;
    if (this.areas.blocks.between(userId, p.user_id)) return false;
    if (p.channel_id) return this.areas.channels.isMember(userId, p.channel_id);
    return this.areas.accounts.find(p.user_id)?.friend_ids.includes(userId) ?? false;
  }

  /** A post the user may see; 404 for any other id, so nobody learns a hidden post exists. */
  visible(userId: string, id: string): StoredPost {
    const p = this.byId.get(id);
    if (!p || !this.canSee(userId, p)) throw HttpError.notFound(`No post ${id}.`);
    return p;
  }

  view(p: StoredPost, viewerId: string): Post {
    const author = this.areas.accounts.find(p.user_id);
    const channel = p.channel_id ? this.areas.channels.get(p.channel_id) : undefined;
    return {
      id: p.id,
      author: author
        ? toPerson(author)
        : { id: p.user_id, first_name: 'Someone', last_name: '', profile_image: null, last_seen_at: null },
      text: p.text,
      images: p.images,
      link: p.link,
      audience: p.channel_id ? 'group' : 'connections',
      group: channel ? { id: channel.id, name: this.areas.channels.nameFor(viewerId, channel) } : null,
      like_count: p.liked_by.length,
      comment_count: this.commentsOf.get(p.id)?.length ?? 0,
      liked_by_me: p.liked_by.includes(viewerId),
      created_at: p.created_at,
    };
  }

  /** `userId`'s uploaded image (use `attachment`) as a post or story shows it, or a 422 naming `field`. */
  image(userId: string, id: string, field: string): PostImage {
    const media = this.areas.media.own(userId, id, 'attachment', field);
    if (media.file_type !== 1 || !media.width || !media.height || !media.files.thumb)
      throw HttpError.invalid({ [field]: [`must be an image (this file is ${media.mime})`] });
    const view = this.areas.media.view(media);
    return {
      id,
      url: view.url,
      thumbnail_url: view.thumbnail_url ?? view.url,
      width: media.width,
      height: media.height,
    };
  }

  create(userId: string, draft: PostDraft): Post {
    const errors: Record<string, string[]> = {};
    const images: PostImage[] = [];
    (draft.images ?? []).forEach((ref, i) => {
      if (draft.images?.findIndex((other) => other.id === ref.id) !== i) {
        errors[`images.${i}.id`] = ['is the same file as an earlier image'];
        return;
      }
      try {
        images.push(this.image(userId, ref.id, `images.${i}.id`));
      } catch (error) {
        if (!(error instanceof HttpError) || !error.fieldErrors) throw error;
        Object.assign(errors, error.fieldErrors);
      }
    });
    const text = draft.text?.trim() ?? '';
    if (text === '' && (draft.images ?? []).length === 0) errors.text = ['A post needs text or at least one image.'];
    const channelId = draft.channel_id ?? null;
    if (channelId && !this.areas.channels.isMember(userId, channelId))
      errors.channel_id = ['You can post only in a group you belong to.'];
    if (Object.keys(errors).length > 0) throw HttpError.invalid(errors);
    const post: StoredPost = {
      id: randomId('post'),
      user_id: userId,
      text,
      images,
      link: draft.link ?? null,
      channel_id: channelId,
      liked_by: [],
      created_at: this.core.now().toISOString(),
    };
    this.core.touch(POSTS, post.id);
    this.index(post);
    this.announce('post', post, (viewerId) => this.view(post, viewerId));
    return this.view(post, userId);
  }

  delete(userId: string, id: string): void {
    const p = this.visible(userId, id);
    if (p.user_id !== userId) throw HttpError.forbidden('Only its author can delete a post.');
    this.remove(p);
    this.announce('post_updated', p, () => ({ post_id: p.id, like_count: 0, comment_count: 0, deleted: true }));
  }

  private remove(p: StoredPost): void {
    for (const c of this.commentsOf.get(p.id) ?? []) {
      this.core.touch(COMMENTS, c.id);
      this.comments.delete(c.id);
    }
    this.commentsOf.delete(p.id);
    this.core.touch(POSTS, p.id);
    this.byId.delete(p.id);
    drop(this.byAuthor, p.user_id, p);
    if (p.channel_id) drop(this.byChannel, p.channel_id, p);
  }

  /** Like (`on`) or unlike; doing it twice changes nothing. A new like notifies the author. */
  like(userId: string, id: string, on: boolean): Post {
    const p = this.visible(userId, id);
    const has = p.liked_by.includes(userId);
    if (has !== on) {
      this.core.touch(POSTS, p.id);
      p.liked_by = on ? [...p.liked_by, userId] : p.liked_by.filter((u) => u !== userId);
      const data = { post_id: p.id, user_id: userId, liked: on, like_count: p.liked_by.length };
      this.announce('post_liked', p, () => data);
      if (on) this.areas.notifications.notify(p.user_id, 'post_liked', userId, { post_id: p.id });
    }
    return this.view(p, userId);
  }

  commentView(c: StoredComment): Comment {
    const author = this.areas.accounts.find(c.user_id);
    return {
      id: c.id,
      post_id: c.post_id,
      author: author
        ? toPerson(author)
        : { id: c.user_id, first_name: 'Someone', last_name: '', profile_image: null, last_seen_at: null },
      text: c.text,
      created_at: c.created_at,
    };
  }

  addComment(userId: string, postId: string, text: string): Comment {
    const p = this.visible(userId, postId);
    if (text.trim() === '') throw HttpError.invalid({ text: ['A comment needs some text.'] });
    const c: StoredComment = {
      id: randomId('cmt'),
      post_id: p.id,
      user_id: userId,
      text: text.trim(),
      created_at: this.core.now().toISOString(),
    };
    this.core.touch(COMMENTS, c.id);
    this.comments.set(c.id, c);
    push(this.commentsOf, p.id, c);
    const data = { comment: this.commentView(c), comment_count: this.commentsOf.get(p.id)?.length ?? 0 };
    this.announce('comment', p, () => data);
    this.areas.notifications.notify(p.user_id, 'post_commented', userId, { post_id: p.id });
    return data.comment;
  }

  /** Its author or the post's author may; another who sees the post gets 403, anyone else 404. */
  deleteComment(userId: string, id: string): void {
    const c = this.comments.get(id);
    const p = c ? this.byId.get(c.post_id) : undefined;
    if (!c || !p || !this.canSee(userId, p)) throw HttpError.notFound(`No comment ${id}.`);
    if (c.user_id !== userId && p.user_id !== userId)
      throw HttpError.forbidden("Only the comment's author or the post's author can delete it.");
    this.core.touch(COMMENTS, c.id);
    this.comments.delete(c.id);
    drop(this.commentsOf, p.id, c);
    const data = {
      post_id: p.id,
      like_count: p.liked_by.length,
      comment_count: this.commentsOf.get(p.id)?.length ?? 0,
      deleted: false,
    };
    this.announce('post_updated', p, () => data);
  }

  /** Oldest first, after `cursor`. */
  listComments(userId: string, postId: string, cursor: string | undefined, limit: number) {
    const p = this.visible(userId, postId);
    const after = decodeCursor(cursor);
    if (after === null) return EMPTY_PAGE;
    const list = this.commentsOf.get(p.id) ?? [];
    const rest = after ? list.filter((c) => newestFirst(c, after) < 0) : list;
    const { items, meta } = pageOf(rest, limit);
    return { data: items.map((c) => this.commentView(c)), meta };
  }

  reportPost(userId: string, postId: string, reason: StoredPostReport['reason'], details?: string) {
    return this.reports.file(userId, this.visible(userId, postId).id, reason, details);
  }

  /** My posts, my connections' posts to connections and my groups' posts, newest first. */
  feed(userId: string, cursor: string | undefined, limit: number): { data: Post[]; meta: PageMeta } {
    const at = decodeCursor(cursor);
    if (at === null) return EMPTY_PAGE;
    const me = this.areas.accounts.require(userId);
    const candidates = newestBefore(this.byAuthor.get(userId) ?? [], at, limit, () => true);
    for (const friendId of me.friend_ids) {
      const list = this.byAuthor.get(friendId);
      if (!list || this.areas.blocks.between(userId, friendId)) continue;
      candidates.push(...newestBefore(list, at, limit, (p) => p.channel_id === null));
    }
    for (const [channelId, list] of this.byChannel) {
      if (!this.areas.channels.isMember(userId, channelId)) continue;
      const keep = (p: StoredPost) => p.user_id !== userId && !this.areas.blocks.between(userId, p.user_id);
      candidates.push(...newestBefore(list, at, limit, keep));
    }
    const { items, meta } = pageOf(candidates.sort(newestFirst), limit);
    return { data: items.map((p) => this.view(p, userId)), meta };
  }

  /** `authorId`'s posts that the user may see, newest first. */
  ofUser(userId: string, authorId: string, cursor: string | undefined, limit: number) {
    this.areas.accounts.require(authorId);
    const at = decodeCursor(cursor);
    if (at === null) return EMPTY_PAGE;
    const list = newestBefore(this.byAuthor.get(authorId) ?? [], at, limit, (p) => this.canSee(userId, p));
    const { items, meta } = pageOf(list, limit);
    return { data: items.map((p) => this.view(p, userId)), meta };
  }

  /** A deleted account's posts and comments go. */
  forgetUser(userId: string): void {
    for (const p of [...(this.byAuthor.get(userId) ?? [])]) this.remove(p);
    this.byAuthor.delete(userId);
    for (const c of [...this.comments.values()]) {
      if (c.user_id !== userId) continue;
      this.core.touch(COMMENTS, c.id);
      this.comments.delete(c.id);
      drop(this.commentsOf, c.post_id, c);
    }
  }

  /** Tells every open user stream that may see `p` (checked when it is sent, after the commit). */
  private announce(
    event: 'post' | 'post_liked' | 'post_updated' | 'comment',
    p: StoredPost,
    data: (viewerId: string) => unknown,
  ) {
    this.areas.events.announce({ type: 'feed', event, to: (viewerId) => this.canSee(viewerId, p), data });
  }
}
