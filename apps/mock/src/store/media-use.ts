import type { Store } from './store.ts';

const MEDIA_ID = /\/media\/(med_[A-Za-z0-9_-]{16,64})\//;

/** The ids of the uploads something points at now: a profile photo, a résumé, a message's file, a post's or story's image. */
export function referencedMedia(store: Store): Set<string> {
  const used = new Set<string>();
  const note = (url: string | null | undefined) => {
    const id = url ? MEDIA_ID.exec(url)?.[1] : undefined;
    if (id) used.add(id);
  };
  for (const user of store.accounts.all()) {
    note(user.profile_image);
    note(user.resume?.url);
  }
  for (const channel of store.channels.all()) {
    for (const message of store.chat.messagesOf(channel.id)) for (const f of message.files) note(f.url);
  }
  for (const post of store.posts.all().posts) for (const image of post.images) used.add(image.id);
  for (const story of store.stories.all()) if (story.image) used.add(story.image.id);
  return used;
}
