import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useCallback, useState } from 'react';
import * as l from '@/components/ui/layout.css.ts';
import { ReportSheet } from '@/components/ui/ReportSheet.tsx';
import { Sheet } from '@/components/ui/Sheet.tsx';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { usePostActions } from '../api/posts.ts';
import { findPost, type Post } from '../post-cache.ts';
import { CommentsSheet } from './CommentsSheet.tsx';
import type { PostHandlers } from './PostCard.tsx';
import { DeletePostSheet } from './PostMenu.tsx';
import * as s from './post-dialogs.css.ts';

type Open = { kind: 'menu' | 'delete' | 'report' | 'comments'; id: string } | null;

/**
 * What a list of posts does with a post's buttons: like (optimistic; a failure puts it back and
 * says so), the comments sheet, and the More menu (delete my own after asking, report another's).
 */
export function usePostDialogs(me: string | null) {
  const qc = useQueryClient();
  const actions = usePostActions();
  const toast = useSetAtom(showToastAtom);
  const [open, setOpen] = useState<Open>(null);
  const [liking, setLiking] = useState<ReadonlySet<string>>(new Set());
  const { setLiked } = actions;

  const onLike = useCallback(
    async (post: Post) => {
      if (liking.has(post.id)) return;
      setLiking((all) => new Set(all).add(post.id));
      const result = await setLiked(post.id, !post.liked_by_me);
      setLiking((all) => {
        const next = new Set(all);
        next.delete(post.id);
        return next;
      });
      if (!result.ok)
        toast({
          tone: 'error',
          text: `Could not ${post.liked_by_me ? 'unlike' : 'like'} the post: ${result.error.message}`,
        });
    },
    [liking, setLiked, toast],
  );
  const handlers: PostHandlers = {
    onLike: (post) => void onLike(post),
    onComments: useCallback((post: Post) => setOpen({ kind: 'comments', id: post.id }), []),
    onMenu: useCallback((post: Post) => setOpen({ kind: 'menu', id: post.id }), []),
  };

  const post = open ? findPost(qc, open.id) : undefined;
  const close = () => setOpen(null);
  const dialogs = post && open && (
    <>
      {open.kind === 'comments' && <CommentsSheet post={post} me={me} onClose={close} />}
      {open.kind === 'menu' && (
        <Sheet title="Post" onClose={close}>
          <ul className={l.list} aria-label="Post actions">
            {post.author.id === me ? (
              <li>
                <button type="button" className={s.menuItem} onClick={() => setOpen({ kind: 'delete', id: post.id })}>
                  Delete post
                </button>
              </li>
            ) : (
              <li>
                <button type="button" className={s.menuItem} onClick={() => setOpen({ kind: 'report', id: post.id })}>
                  Report post
                </button>
              </li>
            )}
          </ul>
          <p className={l.muted}>
            {post.author.id === me ? 'Your post.' : 'Reports go to the moderators, not to the author.'}
          </p>
        </Sheet>
      )}
      {open.kind === 'delete' && (
        <DeletePostSheet
          onClose={close}
          onDelete={async () => {
            const result = await actions.remove(post.id);
            if (!result.ok) return result.error.message;
            toast({ tone: 'success', text: 'Post deleted.' });
            return null;
          }}
        />
      )}
      {open.kind === 'report' && (
        <ReportSheet
          title="Report post"
          about={
            <p className={l.muted} dir="auto">
              {post.text.slice(0, 140) || 'A post with photos'}
            </p>
          }
          onClose={close}
          onDone={close}
          onReport={async (body) => {
            const result = await actions.report(post.id, body);
            if (!result.ok) return result.error.message;
            toast({ tone: 'success', text: 'Thanks: the moderators will look at it.' });
            return null;
          }}
        />
      )}
    </>
  );
  return { handlers, dialogs };
}
