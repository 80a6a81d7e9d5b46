import { ApiError, checkUpload, type Media, type MediaUse, type UploadHandle } from '@cohort/api';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fileRefused, uploadAtom, uploadFailureReason } from './upload.ts';

/** A `check` for photos only (a post's or story's image; the `attachment` use takes any file). */
export function imagesOnly(file: File): ApiError | undefined {
  if (file.type && !file.type.startsWith('image/'))
    return new ApiError(415, 'Only photos can go here.', { file: [`${file.type} is not an image`] });
  return undefined;
}

/** One picked file (a chat message's attachment, a post's photo). */
export interface PickedUpload {
  key: string;
  file: File;
  status: 'uploading' | 'failed' | 'done';
  fraction: number;
  reason?: string;
  /** Failed because of the file itself (size, type): Retry would fail again, so none is offered. */
  refused?: boolean;
  media?: Media;
}

/**
 * Files picked for one thing being written: each is checked in the browser (`check`, then the
 * contract's limits for `use`), then uploaded at once with progress; a failed one keeps its reason and
 * can be retried unless the file itself was refused (`refused`: size, type), any can be removed (an upload in flight is cancelled). At most `max` are kept;
 * `leftOut` names the files of the last pick past it.
 * `ready` lists the uploaded ids to send. A new `scope` (another chat opened on the same screen) drops
 * them all: a file picked for one chat never goes to another.
 */
export function useUploadBatch({
  use,
  max,
  scope,
  check,
}: {
  use: MediaUse;
  max: number;
  scope: string;
  /** Refuses a file before the contract's checks (e.g. "photos only"), as an ApiError to show. */
  check?: (file: File) => ApiError | undefined;
}) {
  const upload = useAtomValue(uploadAtom);
  const [items, setItems] = useState<PickedUpload[]>([]);
  // The names of the files the last pick could not keep (past `max`), to say so beside the picker.
  const [leftOut, setLeftOut] = useState<readonly string[]>([]);
  // A new scope empties the list as it renders (React's "adjusting state when a prop changes"), not
  // in an effect: an effect left waiting since the mount would empty it after a file picked meanwhile.
  const [itemsScope, setItemsScope] = useState(scope);
  if (itemsScope !== scope) {
    setItemsScope(scope);
    setItems([]);
    setLeftOut([]);
  }
  const handles = useRef(new Map<string, UploadHandle>());
  // How many are kept, as of the last change: a remove then an add in one handler (the story sheet
  // replacing its photo) must see the room the remove made, which `items` shows only next render.
  const kept = useRef(0);
  kept.current = items.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `scope` is the reset signal itself
  useEffect(() => {
    const all = handles.current;
    return () => {
      for (const h of all.values()) h.abort();
      all.clear();
    };
  }, [scope]);

  const patch = useCallback(
    (key: string, change: Partial<PickedUpload>) =>
      setItems((all) => all.map((a) => (a.key === key ? { ...a, ...change } : a))),
    [],
  );
  const failed = useCallback(
    (key: string, error: ApiError) =>
      patch(key, { status: 'failed', reason: uploadFailureReason(error), refused: fileRefused(error) }),
    [patch],
  );

  const begin = useCallback(
    async (key: string, file: File) => {
      const refused = check?.(file) ?? checkUpload(file, use);
      if (refused) return failed(key, refused);
      patch(key, { status: 'uploading', fraction: 0, reason: undefined, refused: undefined });
      const handle = upload({
        use,
        file,
        onProgress: (p) => {
          if (handles.current.get(key) === handle) patch(key, { fraction: p.fraction });
        },
      });
      handles.current.set(key, handle);
      const result = await handle.result;
      if (handles.current.get(key) !== handle) return;
      handles.current.delete(key);
      if (result.error) return failed(key, result.error);
      patch(key, { status: 'done', fraction: 1, media: result.data });
    },
    [upload, use, check, patch, failed],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const room = Math.max(0, max - kept.current);
      const added = files.slice(0, room).map((file) => ({
        key: crypto.randomUUID(),
        file,
        status: 'uploading' as const,
        fraction: 0,
      }));
      setLeftOut(files.slice(room).map((file) => file.name));
      kept.current += added.length;
      setItems((all) => [...all, ...added].slice(0, max));
      for (const a of added) void begin(a.key, a.file);
    },
    [begin, max],
  );

  const remove = useCallback((key: string) => {
    const handle = handles.current.get(key);
    handles.current.delete(key);
    handle?.abort();
    kept.current = Math.max(0, kept.current - 1);
    setItems((all) => all.filter((a) => a.key !== key));
  }, []);

  const retry = useCallback(
    (key: string) => {
      const item = items.find((a) => a.key === key);
      if (item) void begin(key, item.file);
    },
    [items, begin],
  );

  const clear = useCallback(() => {
    setItems([]);
    setLeftOut([]);
  }, []);
  const ready = items.flatMap((a) => (a.status === 'done' && a.media ? [{ id: a.media.id }] : []));
  const busy = items.some((a) => a.status !== 'done');
  return { items, ready, busy, leftOut, add, remove, retry, clear };
}

/** What a pick past a limit left out, and why: "“e.png” was left out: a post holds at most 4 photos." */
export function leftOutText(names: readonly string[], limit: string): string {
  if (names.length === 0) return '';
  const shown = names.slice(0, 3).map((n) => `“${n}”`);
  const more = names.length > 3 ? ` and ${names.length - 3} more` : '';
  const list = shown.length > 1 && !more ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : shown.join(', ');
  return `${list}${more} ${names.length === 1 ? 'was' : 'were'} left out: ${limit}.`;
}
