import type { components } from '@cohort/api';
import { HttpError } from '../lib/http-error.ts';
import { listCollection } from './collection.ts';
import type { StoreCore } from './core.ts';
import { int, record, str } from './row-schema.ts';
import type { StoredMedia } from './types.ts';

// The row type sits with the state's other types; importers of this module keep the name.
export type { StoredMedia } from './types.ts';

type Schemas = components['schemas'];
export type Media = Schemas['Media'];
export type MediaUse = Schemas['MediaUse'];
export type MessageFile = Schemas['MessageFile'];
export type Resume = Schemas['Resume'];

export const mediaUrl = (id: string, file: string) => `/media/${id}/${file}`;

/** Uploaded files' rows (their bytes are in a folder beside the data file). */
export const MEDIA = listCollection({
  name: 'media',
  place: { field: 'media', optional: true },
  item: () =>
    record(
      { id: str, user_id: str, use: str, name: str, size: int, mime: str, file_type: int, created_at: str },
      { width: int, height: int, files: record({ original: str }, { thumb: str, avatar: str }) },
    ),
  read: (areas: { readonly media: MediaLibrary }, key) => areas.media.get(key),
});

/**
 * Uploaded files (the rows; the bytes live in `MediaFiles`). A row is added only after its files
 * are in place, so a row always has its bytes; bytes without a row are swept at start-up.
 */
export class MediaLibrary {
  private readonly byId: Map<string, StoredMedia>;

  constructor(
    private readonly core: StoreCore,
    rows: StoredMedia[],
  ) {
    this.byId = new Map(rows.map((m) => [m.id, m]));
  }

  all(): StoredMedia[] {
    return [...this.byId.values()];
  }

  get(id: string): StoredMedia | undefined {
    return this.byId.get(id);
  }

  add(media: StoredMedia): StoredMedia {
    this.core.touch(MEDIA, media.id);
    this.byId.set(media.id, media);
    return media;
  }

  /** Drops an upload's row (its files are removed by the caller once this has committed). */
  remove(id: string): void {
    if (!this.byId.has(id)) return;
    this.core.touch(MEDIA, id);
    this.byId.delete(id);
  }

  /** The file `url` names: an avatar's square copy, else the original. */
  private shown(m: StoredMedia): string {
    return m.use === 'avatar' && m.files.avatar ? m.files.avatar : m.files.original;
  }

  /** The files of an upload the contract hands out a URL to (`url`, `thumbnail_url`): the only ones served. */
  served(m: StoredMedia): string[] {
    return [this.shown(m), ...(m.files.thumb ? [m.files.thumb] : [])];
  }

  view(m: StoredMedia): Media {
    const url = mediaUrl(m.id, this.shown(m));
    return {
      id: m.id,
      url,
      file_type: m.file_type,
      name: m.name,
      size: m.size,
      mime: m.mime,
      ...(m.width ? { width: m.width } : {}),
      ...(m.height ? { height: m.height } : {}),
      use: m.use,
      ...(m.files.thumb ? { thumbnail_url: mediaUrl(m.id, m.files.thumb) } : {}),
      created_at: m.created_at,
    };
  }

  /** `userId`'s upload with this id and use, or a 422 naming `field`. */
  own(userId: string, id: string, use: MediaUse, field: string): StoredMedia {
    const media = this.byId.get(id);
    if (!media || media.user_id !== userId) throw HttpError.invalid({ [field]: [`No file of yours with id ${id}.`] });
    if (media.use !== use)
      throw HttpError.invalid({ [field]: [`must be a file uploaded with use ${use} (this one is ${media.use})`] });
    return media;
  }

  /** An attachment as a message carries it: its URL plus what a client needs to lay it out. */
  messageFile(userId: string, id: string, field: string): MessageFile {
    const m = this.view(this.own(userId, id, 'attachment', field));
    const { use: _use, created_at: _at, ...file } = m;
    return file;
  }

  /** A résumé as the user record carries it. */
  resume(userId: string, id: string, field: string): Resume {
    const m = this.own(userId, id, 'resume', field);
    return {
      url: mediaUrl(m.id, m.files.original),
      name: m.name,
      size: m.size,
      uploaded_at: this.core.now().toISOString(),
    };
  }

  /** The avatar-sized image's URL of an avatar upload. */
  avatarUrl(userId: string, id: string, field: string): string {
    const m = this.own(userId, id, 'avatar', field);
    return mediaUrl(m.id, this.shown(m));
  }
}
