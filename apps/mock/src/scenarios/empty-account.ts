import type { State } from '../store/types.ts';

const without = <T>(list: T[] | undefined, drop: (item: T) => boolean): T[] | undefined =>
  list?.filter((item) => !drop(item));

/**
 * Makes the demo account (the first user) brand new, as if it had just registered: its name, e-mail
 * and university stay; everything it had (profile fields and items, friends, connections,
 * invitations, groups and one-to-one chats, saved messages and lists, posts, likes, comments,
 * stories, notifications, calls, uploads, settings) goes. Everyone else keeps theirs: the groups it
 * was in go on without it (one-to-one chats with it go), and what it wrote in them is reattributed
 * to another member, so no list anywhere points at it.
 */
export function emptyAccount(state: State): void {
  const demo = state.users[0];
  if (!demo) return;
  const me = demo.id;
  Object.assign(demo, {
    profile_image: null,
    description: null,
    phone: null,
    program: null,
    emails: [],
    major: null,
    company: null,
    industry: null,
    desired_industry: null,
    location: null,
    friend_ids: [],
  });
  for (const user of state.users) {
    if (user.friend_ids.includes(me)) user.friend_ids = user.friend_ids.filter((id) => id !== me);
  }
  const mine = (item: { user_id: string }) => item.user_id === me;
  state.notes = state.notes.filter((n) => !mine(n));
  state.clubs = state.clubs.filter((n) => !mine(n));
  state.interests = state.interests.filter((n) => !mine(n));
  state.directions = state.directions.filter((n) => !mine(n));
  state.experiences = state.experiences.filter((n) => !mine(n));
  state.saved_messages = state.saved_messages.filter((n) => !mine(n));

  // Groups go on without the account; a one-to-one chat with it, or a group it alone was in, goes.
  const gone = new Set<string>();
  for (const channel of state.channels) {
    if (!channel.users.includes(me) && channel.created_by !== me) continue;
    channel.users = channel.users.filter((id) => id !== me);
    const heir = channel.users[0];
    if (channel.is_direct || heir === undefined) {
      gone.add(channel.id);
      continue;
    }
    if (channel.created_by === me) channel.created_by = heir;
    for (const message of state.messages[channel.id] ?? []) if (message.sender_id === me) message.sender_id = heir;
  }
  state.channels = state.channels.filter((c) => !gone.has(c.id));
  for (const channel of state.channels) if (channel.parent_id && gone.has(channel.parent_id)) channel.parent_id = null;
  for (const id of gone) delete state.messages[id];

  if (state.chat) {
    const chat = state.chat;
    delete chat.read[me];
    delete chat.muted[me];
    for (const id of gone) delete chat.pins[id];
    chat.reports = chat.reports.filter((r) => !mine(r) && !gone.has(r.channel_id));
    chat.events = chat.events.filter((e) => !mine(e));
  }
  if (state.social) {
    const social = state.social;
    social.saved_lists = social.saved_lists.filter((l) => !mine(l));
    social.connections = social.connections.filter((c) => c.from_user_id !== me && c.to_user_id !== me);
    social.channel_invites = social.channel_invites.filter(
      (i) => i.user_id !== me && i.invited_by !== me && !gone.has(i.channel_id),
    );
    delete social.following[me];
    delete social.inactive[me];
  }
  state.notifications = without(state.notifications, (n) => n.user_id === me || n.actor_id === me);
  state.calls = without(state.calls, (c) => c.caller_id === me || c.callee_id === me);
  state.blocks = without(state.blocks, (b) => b.blocker_id === me || b.user_id === me);
  state.media = without(state.media, mine);
  delete state.settings?.[me];
  delete state.locations?.[me];
  if (state.feed) {
    const feed = state.feed;
    const posts = new Set(
      feed.posts.filter((p) => mine(p) || (p.channel_id && gone.has(p.channel_id))).map((p) => p.id),
    );
    feed.posts = feed.posts.filter((p) => !posts.has(p.id));
    for (const post of feed.posts) post.liked_by = post.liked_by.filter((id) => id !== me);
    feed.comments = feed.comments.filter((c) => !mine(c) && !posts.has(c.post_id));
    feed.reports = feed.reports.filter((r) => !mine(r) && !posts.has(r.post_id));
    feed.stories = feed.stories.filter((s) => !mine(s));
    for (const story of feed.stories) story.seen_by = story.seen_by.filter((id) => id !== me);
  }
}
