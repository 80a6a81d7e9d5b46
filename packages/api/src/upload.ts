import type { CohortClientOptions } from './client.ts';
import { ApiError } from './errors.ts';
import type { components } from './generated/schema.ts';

export type MediaUse = components['schemas']['MediaUse'];
export type Media = components['schemas']['Media'];

/**
 * The contract's `x-upload-limits` of `uploadMedia` (a test keeps the two equal): checked in the
 * browser before sending, so a too-large or wrong file fails at once; the server still decides.
 */
export const UPLOAD_LIMITS: Readonly<Record<MediaUse, { maxBytes: number; types: readonly string[] }>> = {
  avatar: { maxBytes: 5242880, types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] },
  resume: { maxBytes: 10485760, types: ['application/pdf'] },
  attachment: {
    maxBytes: 20971520,
    types: [
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/gif',
      'application/pdf',
      'application/msword',
      'application/vnd.ms-excel',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'text/plain',
      'text/csv',
      'application/zip',
    ],
  },
};

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 1. */
  fraction: number;
}

export interface UploadInput {
  use: MediaUse;
  file: Blob;
  /** The file name sent (a `File` has its own). */
  name?: string;
  onProgress?: (progress: UploadProgress) => void;
}

export type UploadResult = { data: Media; error?: never } | { data?: never; error: ApiError };

export interface UploadHandle {
  /** Resolves to the stored file or an ApiError (413, 415, 422, 401, network, cancelled); never rejects. */
  result: Promise<UploadResult>;
  /** Cancels the upload; `result` then resolves to an ApiError with status 0. */
  abort: () => void;
}

export interface UploaderOptions extends Pick<CohortClientOptions, 'baseUrl' | 'getToken' | 'onUnauthorized'> {
  /** Injected XMLHttpRequest (tests); defaults to the global one. */
  XMLHttpRequest?: new () => XMLHttpRequest;
}

const KNOWN_TYPES: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg',
  'application/x-zip-compressed': 'application/zip',
};

/** Why this file cannot be uploaded for `use` (size, then type as the browser reports it), or undefined. */
export function checkUpload(file: Blob, use: MediaUse): ApiError | undefined {
  const limit = UPLOAD_LIMITS[use];
  if (file.size > limit.maxBytes) {
    const mb = Math.round(limit.maxBytes / 1048576);
    return new ApiError(413, `The file is larger than ${mb} MB.`, {
      file: [`must be at most ${mb} MB for use ${use}`],
    });
  }
  if (file.size === 0) return new ApiError(422, 'The file is empty.', { file: ['is empty'] });
  // An empty type means the browser does not know it: the server reads the bytes.
  const type = KNOWN_TYPES[file.type] ?? file.type;
  if (type && !limit.types.includes(type)) {
    return new ApiError(415, 'This type of file is not allowed here.', {
      file: [`${type} is not allowed for use ${use}`],
    });
  }
  return undefined;
}

/**
 * Makes the upload function of `uploadMedia`: XMLHttpRequest, since fetch reports no upload
 * progress in browsers. Same base URL, token source and 401 handling as `createCohortClient`.
 */
export function createUploader(options: UploaderOptions): (input: UploadInput) => UploadHandle {
  const Xhr = options.XMLHttpRequest ?? globalThis.XMLHttpRequest;
  return (input) => {
    const refused = checkUpload(input.file, input.use);
    if (refused) return { result: Promise.resolve({ error: refused }), abort: () => {} };
    const xhr = new Xhr();
    const result = new Promise<UploadResult>((resolve) => {
      const token = options.getToken?.();
      xhr.open('POST', `${options.baseUrl}/api/v1/media`);
      xhr.setRequestHeader('Accept', 'application/json');
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        const total = event.lengthComputable ? event.total : input.file.size;
        input.onProgress?.({
          loaded: event.loaded,
          total,
          fraction: total > 0 ? Math.min(event.loaded / total, 1) : 0,
        });
      };
      xhr.onload = () => {
        let body: unknown;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = undefined;
        }
        if (xhr.status === 201 && isMediaEnvelope(body)) {
          resolve({ data: body.data });
          return;
        }
        const error = ApiError.fromResponse(xhr.status, body);
        if (xhr.status === 401 && token) options.onUnauthorized?.(error);
        resolve({ error });
      };
      xhr.onerror = () => resolve({ error: ApiError.network(new Error('XMLHttpRequest failed')) });
      xhr.onabort = () => resolve({ error: new ApiError(0, 'The upload was cancelled.') });
      // `use` goes first: the server then cuts a too-large file off at that use's limit.
      const form = new FormData();
      form.append('use', input.use);
      form.append('file', input.file, input.name ?? (input.file as { name?: string }).name ?? 'file');
      xhr.send(form);
    });
    return { result, abort: () => xhr.abort() };
  };
}

function isMediaEnvelope(body: unknown): body is { data: Media } {
  return (
    typeof body === 'object' && body !== null && typeof (body as { data?: { id?: unknown } }).data?.id === 'string'
  );
}
