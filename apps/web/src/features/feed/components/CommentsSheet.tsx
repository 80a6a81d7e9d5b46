import { LIMITS } from '@cohort/api';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button, Spinner } from '@/components/ui/Button.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { Sheet } from '@/components/ui/Sheet.tsx';
import { PasteCutNote, usePasteCut } from '@/components/ui/TextField.tsx';
import { timeAgo } from '@/lib/dates.ts';
import { useDraft } from '@/lib/drafts.ts';
import { personName } from '@/lib/format.ts';
import { useCommentActions, useComments } from '../api/comments.ts';
import type { Comment } from '../feed-events.ts';
import type { Post } from '../post-cache.ts';
import * as s from './comments-sheet.css.ts';
import { AuthorPhoto, profileLink } from './PostCard.tsx';
import * as card from './post-card.css.ts';

const MAX_COMMENT = LIMITS.commentText;

/** A post's comments, oldest first and paged; add one (a draft per post until sent); delete my own (or any on my post). */
export function CommentsSheet({ post, me, onClose }: { post: Post; me: string | null; onClose: () => void }) {
  const query = useComments(post.id);
  const { add, remove } = useCommentActions();
  const [text, setText, clearText] = useDraft(`comment:${post.id}`, '');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const seen = new Set<string>();
  const comments = (query.data?.pages ?? []).flatMap((p) => p.data).filter((c) => !seen.has(c.id) && seen.add(c.id));

  const send = async () => {
    setBusy('add');
    setError(null);
    const result = await add(post.id, { text: text.trim() });
    setBusy(null);
    if (!result.ok) return setError(`Could not add the comment: ${result.error.message}`);
    clearText();
  };
  const del = async (c: Comment) => {
    setBusy(c.id);
    setError(null);
    const result = await remove(post.id, c.id);
    setBusy(null);
    if (!result.ok) setError(`Could not delete the comment: ${result.error.message}`);
  };

  const paste = usePasteCut<HTMLTextAreaElement>(MAX_COMMENT, { onChange: (e) => setText(e.target.value) });

  return (
    <Sheet
      title={`Comments (${post.comment_count})`}
      onClose={onClose}
      closeLabel="Close"
      footer={
        <form
          className={s.commentForm}
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim()) void send();
          }}
        >
          <textarea
            className={s.commentInput}
            aria-label="Write a comment"
            placeholder="Write a comment"
            rows={1}
            maxLength={MAX_COMMENT}
            value={text}
            onPaste={paste.onPaste}
            onChange={paste.onChange}
          />
          <Button type="submit" small disabled={!text.trim()} loading={busy === 'add'}>
            Send
          </Button>
          <PasteCutNote note={paste.note} />
        </form>
      }
    >
      {error && <Alert>{error}</Alert>}
      {query.isPending && (
        <p className={l.muted}>
          <Spinner label="Loading comments" /> Loading comments…
        </p>
      )}
      {query.isError && !query.isFetching && comments.length === 0 && (
        <Alert onRetry={() => query.refetch()}>Could not load the comments: {query.error.message}</Alert>
      )}
      {query.isSuccess && comments.length === 0 && <p className={l.muted}>No comments yet. Be the first.</p>}
      <ul className={s.commentList} aria-label="Comments">
        {comments.map((c) => (
          <li key={c.id} className={s.comment}>
            <Link to={profileLink(c.author.id, me)} tabIndex={-1} aria-hidden="true" className={card.avatarLink}>
              <AuthorPhoto author={c.author} small />
            </Link>
            <div className={s.commentBody}>
              <span className={card.meta}>
                <Link className={card.name} to={profileLink(c.author.id, me)} dir="auto">
                  {personName(c.author)}
                </Link>{' '}
                · <time dateTime={c.created_at}>{timeAgo(c.created_at)}</time>
              </span>
              <p className={card.text} dir="auto">
                {c.text}
              </p>
            </div>
            {(c.author.id === me || post.author.id === me) && (
              <Button variant="ghost" small onClick={() => void del(c)} loading={busy === c.id}>
                Delete<span className={l.visuallyHidden}> the comment by {personName(c.author)}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button variant="secondary" small onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          More comments
        </Button>
      )}
      {query.isFetchNextPageError && <Alert>Could not load more comments: {query.error?.message}</Alert>}
    </Sheet>
  );
}
