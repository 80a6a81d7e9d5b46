import type { OpenApiDocument } from '@cohort/openapi/schema';
import { HttpError } from '../lib/http-error.ts';
import { randomId } from '../lib/ids.ts';
import type { StoredMedia } from '../store/media.ts';
import type { MediaPlatform } from './media.ts';

type Use = StoredMedia['use'];
const USES: readonly Use[] = ['avatar', 'resume', 'attachment'];
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
};

/** The contract's `x-upload-limits` on `uploadMedia`: size and types per use. */
function limitsOf(doc: OpenApiDocument): Record<string, { max_bytes: number; types: string[] }> {
  const op = doc.paths['/api/v1/media']?.post as {
    'x-upload-limits'?: Record<string, { max_bytes: number; types: string[] }>;
  };
  const limits = op?.['x-upload-limits'];
  if (!limits) throw new Error('the contract has no x-upload-limits on uploadMedia');
  return limits;
}

/**
 * Uploads kept in memory (the engine without Node): the same parts, limits and answers as the
 * Node platform, but the type is the one declared (no sniffing) and images are not re-encoded.
 */
export function memoryMedia(doc: OpenApiDocument): MediaPlatform & { bytes: Map<string, Uint8Array> } {
  const bytes = new Map<string, Uint8Array>();
  return {
    bytes,
    async upload(req, store, userId) {
      const type = typeof req.headers['content-type'] === 'string' ? req.headers['content-type'] : '';
      if (!/^multipart\/form-data\s*;/i.test(type)) {
        throw new HttpError(415, 'Send the file as multipart/form-data.', {
          body: ['must be multipart/form-data with the parts use and file'],
        });
      }
      let form: FormData;
      try {
        form = await new Response(await req.readBytes(), { headers: { 'content-type': type } }).formData();
      } catch {
        throw HttpError.invalid({ body: ['is not a readable multipart/form-data body'] });
      }
      for (const [name] of form as unknown as Iterable<[string, unknown]>) {
        if (name !== 'use' && name !== 'file')
          throw HttpError.invalid({ [name]: ['is not a part of an upload (send use and file)'] });
      }
      const use = form.get('use');
      const file = form.get('file');
      if (typeof file === 'string' || !file) {
        throw HttpError.invalid({ file: ['is required'], ...(use === null ? { use: ['is required'] } : {}) });
      }
      if (typeof use !== 'string') throw HttpError.invalid({ use: ['is required'] });
      if (!USES.includes(use as Use)) throw HttpError.invalid({ use: ['must be one of avatar, resume, attachment'] });
      const limit = limitsOf(doc)[use];
      if (!limit) throw new HttpError(500);
      if (file.size > limit.max_bytes) {
        throw new HttpError(413, 'The file is too large.', {
          file: [`must be at most ${Math.round(limit.max_bytes / 1048576)} MB for use ${use}`],
        });
      }
      if (file.size === 0) throw HttpError.invalid({ file: ['is empty'] });
      const mime = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
      if (!limit.types.includes(mime)) {
        throw new HttpError(
          415,
          `This type of file is not allowed here (use ${use} takes ${limit.types.join(', ')}).`,
          {
            file: [`${mime || 'this type'} is not allowed for use ${use}`],
          },
        );
      }
      const id = randomId('med');
      const original = `file.${EXTENSIONS[mime] ?? 'bin'}`;
      bytes.set(`${id}/${original}`, new Uint8Array(await file.arrayBuffer()));
      const media: StoredMedia = {
        id,
        user_id: userId,
        use: use as Use,
        name: file.name.slice(0, 255) || 'file',
        size: file.size,
        mime,
        file_type: mime.startsWith('image/') ? 1 : 2,
        files: { original },
        created_at: store.now().toISOString(),
      };
      return store.transact(() => store.media.add(media));
    },
    async sweep() {},
  };
}
