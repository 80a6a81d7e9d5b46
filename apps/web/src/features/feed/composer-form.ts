import { type ApiError, LIMITS, type Schemas } from '@cohort/api';

export const MAX_TEXT = LIMITS.postText;
export const MAX_PHOTOS = LIMITS.postImages;
/** Why a pick stops at MAX_PHOTOS, in the words the composer shows. */
export const PHOTOS_LIMIT = `a post holds at most ${MAX_PHOTOS} photos`;

/** The composer's fields as the contract's PostInput: text trimmed, photos, `channel_id` for a group (none: my connections). */
export function toPostInput(text: string, photos: readonly { id: string }[], audience: string): Schemas['PostInput'] {
  // The composer sends only once there is text or a photo; an empty body is the contract's to refuse.
  const body: Partial<Schemas['PostTextInput'] & Schemas['PostImagesInput']> = {};
  if (text.trim()) body.text = text.trim();
  if (photos.length > 0) body.images = photos.map((p) => ({ id: p.id }));
  if (audience) body.channel_id = audience;
  return body as Schemas['PostInput'];
}

/** A refused post's field errors, by composer field (`images.2` belongs to the photos). */
export function composerErrors(error: ApiError | null): { text?: string; images?: string; channel?: string } {
  if (!error) return {};
  const out: { text?: string; images?: string; channel?: string } = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const message = messages[0];
    if (!message) continue;
    if (field === 'text') out.text = message;
    else if (field === 'channel_id') out.channel = message;
    else if (field === 'images' || field.startsWith('images.'))
      out.images = `Photo ${field.includes('.') ? `${Number(field.split('.')[1]) + 1}: ` : ''}${message}`;
  }
  return out;
}
