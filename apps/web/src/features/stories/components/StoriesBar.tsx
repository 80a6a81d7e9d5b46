import { useSetAtom } from 'jotai';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/Alert.tsx';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { useStories, useStoryActions } from '../api/stories.ts';
import { orderGroups } from '../story-order.ts';
import { NewStorySheet } from './NewStorySheet.tsx';
import { StoryRings } from './StoryRings.tsx';
import { StoryViewer } from './StoryViewer.tsx';

/** The open viewer lives in the URL (`?story=usr_…`), so Back closes it. */
const PARAM = 'story';

/**
 * Stories atop Chats: the rings (mine first, unseen next), the viewer of the ring tapped, and the
 * New Story sheet (`creating`, opened here or from the New Message drawer).
 */
export function StoriesBar({
  me,
  creating,
  onCreate,
  onCreated,
}: {
  me: string | null;
  creating: boolean;
  onCreate: () => void;
  onCreated: () => void;
}) {
  const stories = useStories();
  const { markSeen, remove } = useStoryActions();
  const toast = useSetAtom(showToastAtom);
  const [params, setParams] = useSearchParams();
  const viewing = params.get(PARAM);
  const groups = orderGroups(stories.data ?? [], me);

  const open = (userId: string) => setParams({ [PARAM]: userId });
  const close = () => {
    if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) window.history.back();
    else setParams({}, { replace: true });
  };

  return (
    <>
      {stories.status === 'error' && !stories.data ? (
        <Alert onRetry={stories.reload}>Could not load stories: {stories.error?.message}</Alert>
      ) : (
        <StoryRings groups={groups} me={me} onOpen={open} onNew={onCreate} />
      )}
      {viewing && stories.data && (
        <StoryViewer
          groups={groups}
          startUserId={viewing}
          me={me}
          onSeen={(id) => void markSeen(id)}
          onDelete={async (id) => {
            const result = await remove(id);
            return result.ok ? null : result.error.message;
          }}
          onClose={close}
        />
      )}
      {creating && (
        <NewStorySheet
          me={me}
          onClose={onCreated}
          onShared={() => {
            toast({ tone: 'success', text: 'Story shared for 24 hours.' });
            onCreated();
          }}
        />
      )}
    </>
  );
}
