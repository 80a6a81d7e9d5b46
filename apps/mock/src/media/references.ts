import type { components } from '@cohort/api';
import { HttpError } from '../lib/http-error.ts';
import type { UserPatch } from '../store/accounts.ts';
import type { MessageDraft } from '../store/chat-types.ts';
import type { Store } from '../store/store.ts';

type Schemas = components['schemas'];
const isMediaId = (value: unknown): value is string => typeof value === 'string' && value.startsWith('med_');

/** `updateMe`'s body with upload ids turned into what the user record holds (the avatar's URL, the résumé). */
export function profilePatch(store: Store, userId: string, body: Schemas['UserUpdate']): UserPatch {
  const { profile_image, resume, ...rest } = body;
  const patch: UserPatch = { ...rest };
  if (profile_image !== undefined) {
    patch.profile_image = isMediaId(profile_image)
      ? store.media.avatarUrl(userId, profile_image, 'profile_image')
      : profile_image;
  }
  if (resume !== undefined) patch.resume = resume === null ? null : store.media.resume(userId, resume, 'resume');
  return patch;
}

/** `sendMessage`'s body with each uploaded file's id turned into the file a message carries; every bad one named. */
export function messageDraft(store: Store, userId: string, body: Schemas['MessageInput']): MessageDraft {
  const input = body as { files?: Schemas['MessageFileInput'][] };
  if (!input.files) return body as MessageDraft;
  const errors: Record<string, string[]> = {};
  const files = input.files.map((file, i) => {
    if (!('id' in file) || 'url' in file) return file as Schemas['MessageFile'];
    try {
      return store.media.messageFile(userId, file.id, `files.${i}.id`);
    } catch (error) {
      if (!(error instanceof HttpError) || !error.fieldErrors) throw error;
      Object.assign(errors, error.fieldErrors);
      return undefined;
    }
  });
  if (Object.keys(errors).length > 0) throw HttpError.invalid(errors);
  return { ...body, files: files.filter((f) => f !== undefined) } as MessageDraft;
}
