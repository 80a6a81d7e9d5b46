import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpError } from '../lib/http-error.ts';
import type { MediaUse } from './limits.ts';
import { loadSharp } from './sharp.ts';

/** Decoding more than this many pixels is refused (a small file can decode to gigabytes). */
const MAX_PIXELS = 50_000_000;
export const THUMB_SIZE = 480;
export const AVATAR_SIZE = 512;

export interface Derived {
  width: number;
  height: number;
  /** Bytes of the file the upload's `url` serves: the original re-encoded without its metadata, or an avatar's square copy. */
  size: number;
  /** File names written beside the original, in `dir`. */
  thumb: string;
  avatar?: string;
}

/**
 * Re-encodes an uploaded image in place, in its own format, upright (its EXIF orientation applied)
 * and without any of its metadata (EXIF with GPS, XMP, IPTC, comments): a phone photo's location
 * must not reach whoever sees it. An animated GIF or WebP keeps its frames. Returns the new size.
 */
async function stripMetadata(path: string, mime: string, animated: boolean): Promise<number> {
  const sharp = await loadSharp();
  const image = sharp(path, { limitInputPixels: MAX_PIXELS, animated });
  // Animated images carry no orientation of their own; rotating their frames is not needed.
  const upright = animated ? image : image.rotate();
  const encoded =
    mime === 'image/gif'
      ? upright.gif()
      : mime === 'image/png'
        ? upright.png()
        : mime === 'image/webp'
          ? upright.webp({ quality: 90 })
          : upright.jpeg({ quality: 90 });
  const cleaned = `${path}.clean`;
  const { size } = await encoded.toFile(cleaned);
  await rename(cleaned, path);
  return size;
}

/**
 * Strips the stored original's metadata (`stripMetadata`), reads its size as shown and writes a
 * chat-sized thumbnail and, for an avatar, a square profile-sized copy, both WebP. An image
 * file-type recognised but libvips cannot decode is a 422.
 */
export async function deriveImages(source: string, dir: string, use: MediaUse, mime: string): Promise<Derived> {
  const sharp = await loadSharp();
  const open = () => sharp(source, { limitInputPixels: MAX_PIXELS, animated: false });
  try {
    const first = await open().metadata();
    const size = await stripMetadata(source, mime, (first.pages ?? 1) > 1);
    const meta = await open().metadata();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) throw new Error('no dimensions');
    await open()
      .rotate()
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toFile(join(dir, 'thumb.webp'));
    if (use !== 'avatar') return { width, height, size, thumb: 'thumb.webp' };
    const square = await open()
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toFile(join(dir, 'avatar.webp'));
    return { width, height, size: square.size, thumb: 'thumb.webp', avatar: 'avatar.webp' };
  } catch (error) {
    const detail =
      error instanceof Error && /pixel limit/i.test(error.message) ? 'has too many pixels' : 'is not a readable image';
    throw HttpError.invalid({ file: [detail] });
  }
}
