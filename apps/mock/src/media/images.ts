import { join } from 'node:path';
import { HttpError } from '../http-error.ts';
import type { MediaUse } from './limits.ts';
import { loadSharp } from './sharp.ts';

/** Decoding more than this many pixels is refused (a small file can decode to gigabytes). */
const MAX_PIXELS = 50_000_000;
export const THUMB_SIZE = 480;
export const AVATAR_SIZE = 512;

export interface Derived {
  width: number;
  height: number;
  /** File names written beside the original, in `dir`. */
  thumb: string;
  avatar?: string;
}

/**
 * Reads an uploaded image's size (as shown, after its EXIF orientation) and writes a chat-sized
 * thumbnail and, for an avatar, a square profile-sized copy, both WebP without the original's
 * metadata. An image file-type recognised but libvips cannot decode is a 422.
 */
export async function deriveImages(source: string, dir: string, use: MediaUse): Promise<Derived> {
  const sharp = await loadSharp();
  const open = () => sharp(source, { limitInputPixels: MAX_PIXELS, animated: false });
  try {
    const meta = await open().metadata();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) throw new Error('no dimensions');
    await open()
      .rotate()
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toFile(join(dir, 'thumb.webp'));
    if (use !== 'avatar') return { width, height, thumb: 'thumb.webp' };
    await open()
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toFile(join(dir, 'avatar.webp'));
    return { width, height, thumb: 'thumb.webp', avatar: 'avatar.webp' };
  } catch (error) {
    const detail =
      error instanceof Error && /pixel limit/i.test(error.message) ? 'has too many pixels' : 'is not a readable image';
    throw HttpError.invalid({ file: [detail] });
  }
}
