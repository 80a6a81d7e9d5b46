import { ApiError, type Media, type UploadInput, type UploadResult } from '@cohort/api';
import type { UploadFn } from '../lib/upload.ts';
import type { PickedUpload } from '../lib/upload-batch.ts';
import { judge } from './api.ts';

/** One upload the app started: the test moves its progress and decides how it ends. */
export interface FakeUpload {
  input: UploadInput;
  aborted: boolean;
  progress: (fraction: number) => void;
  succeed: (media?: Partial<Media>) => void;
  fail: (status: number, message: string, errors?: Record<string, string[]>) => void;
}

let next = 1;

/** The uploader `createAppStore` takes (`upload`), without XMLHttpRequest: every call is recorded. */
export function createFakeUploader() {
  const uploads: FakeUpload[] = [];
  const upload: UploadFn = (input) => {
    let resolve!: (result: UploadResult) => void;
    const result = new Promise<UploadResult>((r) => {
      resolve = r;
    });
    const file = input.file as File;
    const item: FakeUpload = {
      input,
      aborted: false,
      progress: (fraction) => input.onProgress?.({ loaded: fraction * file.size, total: file.size, fraction }),
      succeed: (media = {}) => {
        const id = `med_fake${String(next++).padStart(12, '0')}`;
        const data = {
          id,
          url: `/media/${id}/${file.name}`,
          file_type: file.type.startsWith('image/') ? 1 : 2,
          name: file.name,
          size: file.size,
          mime: file.type,
          ...media,
        } as Media;
        // What the uploader hands the app is uploadMedia's 201: the contract judges it too.
        judge('uploadMedia', 201, { success: true, message: 'Uploaded.', data });
        resolve({ data });
      },
      fail: (status, message, errors) => resolve({ error: new ApiError(status, message, errors) }),
    };
    uploads.push(item);
    return {
      result,
      abort: () => {
        item.aborted = true;
        resolve({ error: new ApiError(0, 'The upload was cancelled.') });
      },
    };
  };
  return { upload, uploads };
}

const picked = (name: string) => new File([new Uint8Array(8)], name, { type: 'image/png' });

/** Two failed picks as a tray shows them: one refused for what it is (no Retry), one a network failure (Retry). */
export const failedPicks: PickedUpload[] = [
  {
    key: 'a',
    file: picked('huge.png'),
    status: 'failed',
    fraction: 0,
    reason: 'Too large: over 10 MB.',
    refused: true,
  },
  { key: 'b', file: picked('beach.png'), status: 'failed', fraction: 0, reason: 'Network problem: offline.' },
];
