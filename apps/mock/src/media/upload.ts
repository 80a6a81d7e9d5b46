import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Request } from 'express';
import { HttpError } from '../lib/http-error.ts';
import { randomId } from '../lib/ids.ts';
import type { StoredMedia } from '../store/media.ts';
import type { Store } from '../store/store.ts';
import type { MediaFiles } from './files.ts';
import { deriveImages } from './images.ts';
import { SAFE_IMAGES, uploadLimits } from './limits.ts';
import { receiveUpload } from './receive.ts';
import { EXTENSIONS, mismatch, sniff } from './sniff.ts';

/**
 * One upload, end to end: stream it into a staging folder, read its type from its bytes, check
 * it against the use, make the image sizes, move the folder into place, then add the row in its
 * own transaction. Any failure removes the staging folder; a row is never added without its files.
 */
export async function storeUpload(req: Request, store: Store, files: MediaFiles, userId: string): Promise<StoredMedia> {
  const staging = await files.stage();
  let committed: string | undefined;
  try {
    const upload = await receiveUpload(req, staging);
    const mime = await sniff(upload.path, upload.name);
    const allowed = uploadLimits()[upload.use].types;
    if (!allowed.includes(mime)) {
      throw new HttpError(
        415,
        `This type of file is not allowed here (use ${upload.use} takes ${allowed.join(', ')}).`,
        {
          file: [`${mime} is not allowed for use ${upload.use}`],
        },
      );
    }
    const wrong = mismatch(mime, upload.name, upload.declared);
    if (wrong) throw HttpError.invalid({ file: [wrong] });
    const original = `file.${EXTENSIONS[mime] ?? 'bin'}`;
    await rename(upload.path, join(staging, original));
    const image = SAFE_IMAGES.has(mime)
      ? await deriveImages(join(staging, original), staging, upload.use, mime)
      : undefined;
    const id = randomId('med');
    await files.commit(staging, id);
    committed = id;
    const media: StoredMedia = {
      id,
      user_id: userId,
      use: upload.use,
      name: upload.name,
      size: image?.size ?? upload.size,
      mime,
      file_type: image ? 1 : 2,
      ...(image ? { width: image.width, height: image.height } : {}),
      files: { original, ...(image ? { thumb: image.thumb } : {}), ...(image?.avatar ? { avatar: image.avatar } : {}) },
      created_at: store.now().toISOString(),
    };
    return store.transact(() => store.media.add(media));
  } catch (error) {
    await files.discard(staging);
    if (committed) await files.remove(committed);
    throw error;
  }
}
