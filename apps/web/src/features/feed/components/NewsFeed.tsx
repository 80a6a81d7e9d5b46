import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Virtuoso } from 'react-virtuoso';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button, Spinner } from '@/components/ui/Button.tsx';
import { Icon } from '@/components/ui/Icon.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { RenderGuard } from '@/components/ui/RenderGuard.tsx';
import { ScreenHeader } from '@/components/ui/ScreenHeader.tsx';
import { showWaiting, useFeed, usePostActions, useWaitingPosts } from '../api/posts.ts';
import { PULL_TO_REFRESH_PX, useAtTop, usePullToRefresh } from '../hooks/use-window-top.ts';
import { pillText, whatToShow } from '../new-posts.ts';
import { flattenPosts } from '../post-cache.ts';
import { type Audience, Composer } from './Composer.tsx';
import * as shared from './feed.css.ts';
import { LinkedPost } from './LinkedPost.tsx';
import * as s from './news-feed.css.ts';
import { PostCard } from './PostCard.tsx';
import { usePostDialogs } from './PostDialogs.tsx';

interface FooterContext {
  loading: boolean;
  failed: string | null;
  done: boolean;
  retry: () => void;
}

function FeedFooter({ context }: { context?: FooterContext }) {
  if (!context) return null;
  return (
    <div className={shared.footer}>
      {context.loading && <Spinner label="Loading older posts" />}
      {context.failed && <Alert onRetry={context.retry}>Could not load older posts: {context.failed}</Alert>}
      {context.done && !context.loading && 'You are all caught up.'}
    </div>
  );
}

/**
 * The News Feed: the composer, then my feed newest first, virtualised against the window's scroll
 * (only the posts near the screen are in the page) with older pages read on the way down. Posts the
 * stream brings join at once at the top; scrolled down they wait behind the "N new posts" pill.
 */
export function NewsFeed({ me, groups }: { me: string | null; groups: readonly Audience[] }) {
  const qc = useQueryClient();
  const feed = useFeed();
  const waiting = useWaitingPosts();
  const atTop = useAtTop();
  const { refresh } = usePostActions();
  const [refreshing, setRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const { handlers, dialogs } = usePostDialogs(me);
  const posts = flattenPosts(feed.data);
  const show = whatToShow(waiting.length, atTop);

  useEffect(() => {
    if (show === 'merge') showWaiting(qc);
  }, [show, qc]);

  const doRefresh = useCallback(async () => {
    setRefreshing(true);
    setRefreshError(null);
    const failed = await refresh();
    setRefreshing(false);
    if (failed) setRefreshError(failed.message);
  }, [refresh]);
  const pull = usePullToRefresh(() => void doRefresh(), feed.isSuccess && !refreshing);

  const openWaiting = () => {
    showWaiting(qc);
    window.scrollTo({ top: 0 });
  };

  return (
    <>
      <ScreenHeader
        title="News Feed"
        actions={
          <Button
            variant="ghost"
            aria-label="Refresh the feed"
            onClick={() => void doRefresh()}
            loading={refreshing}
            disabled={!feed.isSuccess}
          >
            {!refreshing && <Icon name="refresh" />}
          </Button>
        }
      />
      <div className={s.pull} style={{ height: refreshing ? 40 : pull }} aria-hidden={!refreshing && pull === 0}>
        {(refreshing || pull > 0) && (
          <>
            {refreshing ? <Spinner label="Refreshing the feed" /> : <Icon name="refresh" width={18} height={18} />}
            {refreshing ? 'Refreshing…' : pull >= PULL_TO_REFRESH_PX ? 'Release to refresh' : 'Pull to refresh'}
          </>
        )}
      </div>
      <Composer groups={groups} />
      {show === 'pill' && (
        <div className={s.pillWrap}>
          <button type="button" className={s.pill} onClick={openWaiting} aria-live="polite">
            ↑ {pillText(waiting.length)}
          </button>
        </div>
      )}
      <div className={shared.status}>
        {refreshError && <Alert>Could not refresh: {refreshError}</Alert>}
        {feed.isPending && (
          <p className={l.muted}>
            <Spinner label="Loading your feed" /> Loading your feed…
          </p>
        )}
        {feed.isError && !feed.isFetching && posts.length === 0 && (
          <Alert onRetry={() => feed.refetch()}>Could not load your feed: {feed.error.message}</Alert>
        )}
        {feed.isSuccess && posts.length === 0 && (
          <p className={l.muted}>No posts yet. Posts from you, your connections and your groups show here.</p>
        )}
      </div>
      {posts.length > 0 && (
        <Virtuoso
          useWindowScroll
          data={posts}
          computeItemKey={(_, post) => post.id}
          increaseViewportBy={{ top: 400, bottom: 800 }}
          endReached={() => {
            if (feed.hasNextPage && !feed.isFetchingNextPage && !feed.isFetchNextPageError) void feed.fetchNextPage();
          }}
          role="feed"
          aria-label="Posts"
          aria-busy={feed.isFetchingNextPage}
          itemContent={(_, post) => (
            <RenderGuard fallback={<p className={shared.footer}>This post can't be shown.</p>}>
              <PostCard post={post} me={me} {...handlers} />
            </RenderGuard>
          )}
          context={{
            loading: feed.isFetchingNextPage,
            failed: feed.isFetchNextPageError ? (feed.error?.message ?? 'Unknown error') : null,
            done: !feed.hasNextPage,
            retry: () => void feed.fetchNextPage(),
          }}
          components={{ Footer: FeedFooter }}
        />
      )}
      {dialogs}
      <LinkedPost me={me} />
    </>
  );
}
