import {
  type ApiError,
  checkUpload,
  type Media,
  type MediaUse,
  type UploadHandle,
  type UploadInput,
} from '@cohort/api';
import { atom, useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';

export type UploadFn = (input: UploadInput) => UploadHandle;

// Boxed: Jotai would call a bare function given to `set` as an updater.
const uploadBaseAtom = atom<{ upload: UploadFn } | null>(null);

/** The app's `uploadMedia` function (createUploader: XMLHttpRequest with progress), set by createAppStore. */
export const uploadAtom = atom(
  (get) => {
    const box = get(uploadBaseAtom);
    if (!box) throw new Error('The uploader is not set: create the store with createAppStore().');
    return box.upload;
  },
  (_get, set, upload: UploadFn) => set(uploadBaseAtom, { upload }),
);

/** One file's upload, as the item that shows it sees it. */
export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; file: File; fraction: number }
  | { status: 'failed'; file: File; error: ApiError; reason: string }
  | { status: 'done'; file: File; media: Media };

/** '1.4 MB', '820 KB', '12 bytes'. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1048576) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1048576).toFixed(1)} MB`;
}

/** Why an upload failed, in words for the item that shows it (too large, wrong type, network, server). */
export function uploadFailureReason(error: ApiError): string {
  const detail = error.fieldError('file');
  if (error.status === 413) return `Too large: ${error.message}`;
  if (error.status === 415) return `Wrong type: ${error.message}`;
  if (error.status === 0) return `Network problem: ${error.message}`;
  if (error.status >= 500) return `The server failed (${error.status}): ${error.message}`;
  return error.message + (detail ? ` (${detail})` : '');
}

/**
 * Whether the file itself was refused (too large, a type not taken, not valid): sending the same
 * file again would fail again, so the item offers another file or removal, not Retry.
 */
export function fileRefused(error: ApiError): boolean {
  return error.status === 413 || error.status === 415 || error.status === 422;
}

/**
 * Uploads one file for `use` at a time: checked in the browser first (size, type), then sent with
 * progress; `onUploaded` runs with the stored file (e.g. to set it on the user). Retry sends the same
 * file again; cancel aborts it. An `onUploaded` that fails turns the item into a failure with Retry.
 */
export function useUpload(use: MediaUse, onUploaded: (media: Media) => Promise<ApiError | undefined>) {
  const upload = useAtomValue(uploadAtom);
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const handle = useRef<UploadHandle | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      handle.current?.abort();
    };
  }, []);

  const start = useCallback(
    async (file: File) => {
      const fail = (error: ApiError) => {
        if (live.current) setState({ status: 'failed', file, error, reason: uploadFailureReason(error) });
      };
      const refused = checkUpload(file, use);
      if (refused) return fail(refused);
      setState({ status: 'uploading', file, fraction: 0 });
      const current = upload({
        use,
        file,
        onProgress: (p) => {
          if (live.current && handle.current === current) setState({ status: 'uploading', file, fraction: p.fraction });
        },
      });
      handle.current = current;
      const result = await current.result;
      if (handle.current !== current) return;
      handle.current = null;
      if (result.error) return fail(result.error);
      setState({ status: 'uploading', file, fraction: 1 });
      const failed = await onUploaded(result.data);
      if (failed) return fail(failed);
      if (live.current) setState({ status: 'done', file, media: result.data });
    },
    [upload, use, onUploaded],
  );

  const retry = useCallback(() => {
    if (state.status === 'failed') void start(state.file);
  }, [state, start]);
  // A cancel puts the item back to where it was before the pick (its answer is then ignored).
  const cancel = useCallback(() => {
    const current = handle.current;
    handle.current = null;
    current?.abort();
    setState({ status: 'idle' });
  }, []);
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, start, retry, cancel, reset };
}
