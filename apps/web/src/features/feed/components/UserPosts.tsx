import { Alert } from '@/components/ui/Alert.tsx';
import { Button, Spinner } from '@/components/ui/Button.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { RenderGuard } from '@/components/ui/RenderGuard.tsx';
import { useUserPosts } from '../api/posts.ts';
import { flattenPosts } from '../post-cache.ts';
import * as s from './feed.css.ts';
import { PostCard } from './PostCard.tsx';
import { usePostDialogs } from './PostDialogs.tsx';

/** A profile's Posts section (listUserPosts): what I may see of that person's posts, newest first, paged. */
export function UserPosts({ userId, me }: { userId: string; me: string | null }) {
  const query = useUserPosts(userId);
  const { handlers, dialogs } = usePostDialogs(me);
  const posts = flattenPosts(query.data);
  const own = userId === me;
  return (
    <section aria-label="Posts">
      <div className={s.status}>
        {query.isPending && (
          <p className={l.muted}>
            <Spinner label="Loading posts" /> Loading posts…
          </p>
        )}
        {query.isError && !query.isFetching && posts.length === 0 && (
          <Alert onRetry={() => query.refetch()}>Could not load the posts: {query.error.message}</Alert>
        )}
        {query.isSuccess && posts.length === 0 && (
          <p className={l.muted}>
            {own ? 'You have not posted yet. Write one on the News Feed.' : 'No posts to show.'}
          </p>
        )}
      </div>
      {posts.map((post) => (
        <RenderGuard key={post.id} fallback={<p className={s.footer}>This post can't be shown.</p>}>
          <PostCard post={post} me={me} {...handlers} />
        </RenderGuard>
      ))}
      {query.hasNextPage && (
        <div className={s.footer}>
          <Button
            variant="secondary"
            small
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            More posts
          </Button>
        </div>
      )}
      {query.isFetchNextPageError && <Alert>Could not load more posts: {query.error?.message}</Alert>}
      {dialogs}
    </section>
  );
}
