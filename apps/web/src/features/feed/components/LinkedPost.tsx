import type { ApiError } from '@cohort/api';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/Alert.tsx';
import { isNotFound } from '@/components/ui/NotFound.tsx';
import { useApi } from '@/lib/query.ts';
import { CommentsSheet } from './CommentsSheet.tsx';

/** The post a link names (`?post=post_…`, e.g. from a like or comment notification): its comments sheet. */
export function LinkedPost({ me }: { me: string | null }) {
  const [params, setParams] = useSearchParams();
  const id = params.get('post') ?? '';
  const query = useApi().useQuery('get', '/api/v1/posts/{id}', { params: { path: { id } } }, { enabled: id !== '' });
  if (!id) return null;
  const close = () => setParams({}, { replace: true });
  if (query.isError && !query.isFetching) {
    // The query layer rejects with the client's ApiError.
    const error = query.error as unknown as ApiError;
    return (
      <Alert>
        {isNotFound(error) ? 'This post is no longer available.' : `Could not open the post: ${error.message}`}
      </Alert>
    );
  }
  return query.data ? <CommentsSheet post={query.data.data} me={me} onClose={close} /> : null;
}
