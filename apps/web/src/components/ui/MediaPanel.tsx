import type { ApiError, Schemas } from '@cohort/api';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { formatDate } from '../../lib/dates.ts';
import { fileNameFromUrl } from '../../lib/file-name.ts';
import { fileSize } from '../../lib/upload.ts';
import { Alert } from './Alert.tsx';
import { Button, Spinner } from './Button.tsx';
import { Icon } from './Icon.tsx';
import { ImageViewer } from './ImageViewer.tsx';
import * as l from './layout.css.ts';
import * as s from './MediaPanel.css.ts';
import { RenderGuard } from './RenderGuard.tsx';
import * as cs from './rows.css.ts';

export type MediaItem = Schemas['MediaItem'];
export type MediaPagesQuery = UseInfiniteQueryResult<InfiniteData<{ data: MediaItem[] }>, ApiError | Error>;

/** A link as the Link tab shows it: its host and path, read from the URL alone (nothing is fetched). */
export function linkParts(url: string): { host: string; path: string } {
  try {
    const u = new URL(url);
    const path = `${u.pathname === '/' ? '' : u.pathname}${u.search}`;
    let readable = path;
    try {
      readable = decodeURI(path);
    } catch {
      // A malformed escape is shown as sent.
    }
    return { host: u.host, path: readable };
  } catch {
    return { host: url, path: '' };
  }
}

/** Calls `onVisible` whenever `ref`'s element scrolls into view (infinite scroll); a no-op without IntersectionObserver. */
function useOnVisible(ref: React.RefObject<HTMLElement | null>, onVisible: () => void, enabled: boolean) {
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) callback.current();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, enabled]);
}

const imageAlt = (item: MediaItem) => item.name ?? 'Shared image';

function FileRow({ item }: { item: MediaItem }) {
  const name = item.name ?? fileNameFromUrl(item.url);
  const meta = [item.size ? fileSize(item.size) : null, formatDate(item.time, { dateStyle: 'medium' })];
  return (
    <a href={item.url} target="_blank" rel="noreferrer" className={cs.row}>
      <Icon name="file" />
      <span className={s.rowText}>
        <span className={s.name} dir="auto">
          {name}
        </span>
        <span className={s.meta}>{meta.filter(Boolean).join(' · ')}</span>
      </span>
    </a>
  );
}

function LinkRow({ item }: { item: MediaItem }) {
  const { host, path } = linkParts(item.url);
  return (
    <a href={item.url} target="_blank" rel="noreferrer noopener" className={cs.row} title={item.url}>
      <Icon name="attach" />
      <span className={s.rowText}>
        <span className={s.host}>{host}</span>
        {path && <span className={s.meta}>{path}</span>}
      </span>
    </a>
  );
}

/**
 * One kind of shared media, a page at a time: photos and GIFs as a grid (tap opens the viewer over
 * every loaded one), files and links as rows. The next page loads as the end scrolls into view
 * (or with the button); a failed page shows Retry; nothing shared shows `empty`.
 */
export function MediaPanel({
  query,
  kind,
  label,
  empty,
}: {
  query: MediaPagesQuery;
  kind: MediaItem['kind'];
  /** What the list is, for screen readers and messages: 'Photos', 'Files'. */
  label: string;
  empty: string;
}) {
  const [viewing, setViewing] = useState<number | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const canLoad = hasNextPage && !isFetchingNextPage && !query.isFetchNextPageError;
  useOnVisible(end, () => void fetchNextPage(), !!canLoad);
  const retry = () => void (query.isFetchNextPageError ? fetchNextPage() : query.refetch());

  if (query.isPending && !query.isError) {
    return (
      <p className={l.muted}>
        <Spinner label={`Loading ${label.toLowerCase()}`} /> Loading…
      </p>
    );
  }
  const error = query.isError ? (
    <Alert onRetry={retry}>
      Could not load the {label.toLowerCase()}: {query.error.message}
    </Alert>
  ) : null;
  if (items.length === 0) return error ?? <p className={l.muted}>{empty}</p>;

  const grid = kind === 'image' || kind === 'gif';
  return (
    <div className={s.panel}>
      {grid ? (
        <ul className={`${cs.list} ${s.grid}`} aria-label={label}>
          {items.map((item, i) => (
            <li key={`${item.message_id}-${item.url}`}>
              <RenderGuard fallback={<span className={s.tile} />}>
                <button
                  type="button"
                  className={s.tile}
                  aria-label={`Open ${imageAlt(item)}`}
                  onClick={() => setViewing(i)}
                >
                  <img
                    className={s.tileImage}
                    src={kind === 'gif' ? item.url : (item.thumbnail_url ?? item.url)}
                    alt=""
                    loading="lazy"
                  />
                </button>
              </RenderGuard>
            </li>
          ))}
        </ul>
      ) : (
        <ul className={cs.list} aria-label={label}>
          {items.map((item) => (
            <li key={`${item.message_id}-${item.url}`}>
              <RenderGuard fallback={<p className={l.muted}>This item can't be shown.</p>}>
                {kind === 'link' ? <LinkRow item={item} /> : <FileRow item={item} />}
              </RenderGuard>
            </li>
          ))}
        </ul>
      )}
      {error}
      <div ref={end} className={s.more}>
        {hasNextPage && !query.isFetchNextPageError && (
          <Button small variant="secondary" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Show more
          </Button>
        )}
      </div>
      {viewing !== null && (
        <ImageViewer
          images={items.map((item) => ({ url: item.url, alt: imageAlt(item) }))}
          start={viewing}
          onClose={() => setViewing(null)}
        />
      )}
    </div>
  );
}
