import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import * as p from '../../components/ui/people.css.ts';
import { showToastAtom } from '../../components/ui/toast-state.ts';
import { paths } from '../../config/paths.ts';
import { InviteToGroupAction } from '../../features/groups/components/InviteToGroupAction.tsx';
import { OtherUserProfile } from '../../features/profile/components/OtherUserProfile.tsx';
import { ConnectActions } from '../../features/profile/components/PersonActions.tsx';
import * as s from '../../features/profile/components/profile.css.ts';
import { useSavedListActions } from '../../features/saved-lists/api/saved-lists.ts';
import { usePersonControls } from '../person-controls.tsx';
import OtherProfileScreen from './other-profile-view.tsx';

/** Kept in the history entry's state, so leaving for /otherGroup and coming Back resumes here. */
interface ConnectorState {
  ids: string[];
  listId: number;
  /** Position in `ids` of the person shown. */
  at: number;
  /** People removed from the list on this pass; never shown again. */
  removed: string[];
}

function connectorState(state: unknown): ConnectorState | null {
  const { ids, listId, at, removed } = (state ?? {}) as Partial<ConnectorState>;
  if (!Array.isArray(ids) || typeof listId !== 'number') return null;
  return {
    ids,
    listId,
    at: typeof at === 'number' && at >= 0 ? at : 0,
    removed: Array.isArray(removed) ? removed : [],
  };
}

/**
 * /otherProfile. From a saved list (state `{ ids, listId }`) it is the Individual Profile Connector: one
 * person at a time, each action moving on to the next. Otherwise it is the plain read-only profile.
 */
export default function ConnectorScreen() {
  const location = useLocation();
  const connector = connectorState(location.state);
  if (!connector) return <OtherProfileScreen />;
  return <Connector {...connector} />;
}

function Connector({ ids, listId, at, removed }: ConnectorState) {
  const { removeMember } = useSavedListActions();
  const navigate = useNavigate();
  const toast = useSetAtom(showToastAtom);
  const location = useLocation();
  const [working, setWorking] = useState<string | null>(null);
  // Skips anyone already removed, in case the position was saved before the removal was.
  let index = at;
  while (index < ids.length && removed.includes(ids[index] as string)) index++;
  const userId = ids[index] ?? null;
  const controls = usePersonControls(userId ?? '');
  const save = (next: Pick<ConnectorState, 'at' | 'removed'>) =>
    navigate(`${location.pathname}${location.search}`, {
      replace: true,
      state: { ...(location.state as object), ids, listId, ...next },
    });
  const backToList = () => navigate(`${paths.savedLists}?list=${listId}`);

  if (!userId) {
    return (
      <div className={s.hero}>
        <Alert tone="success">You have gone through everyone you chose in this list.</Alert>
        <Button onClick={backToList}>Back to the list</Button>
      </div>
    );
  }

  const next = (alsoRemoved: string[] = []) => save({ at: index + 1, removed: [...removed, ...alsoRemoved] });
  const removeFromList = async () => {
    setWorking('remove');
    const result = await removeMember(listId, userId);
    setWorking(null);
    if (!result.ok) return toast({ tone: 'error', text: `Could not remove from the list: ${result.error.message}` });
    toast({ tone: 'success', text: 'Removed from the list.' });
    next([userId]);
  };

  const actions = (
    <div className={s.listActions}>
      <p className={p.meta} style={{ width: '100%', textAlign: 'center' }} aria-live="polite">
        Person {index + 1} of {ids.length}
      </p>
      <ConnectActions userId={userId} connection={controls.connection} />
      <Button small variant="danger" onClick={removeFromList} loading={working === 'remove'}>
        Remove from List
      </Button>
      <Button small variant="secondary" onClick={() => next()}>
        Keep in List
      </Button>
      {!controls.blocked && <InviteToGroupAction userId={userId} onInvited={() => next()} />}
      {controls.block}
      <Button small variant="ghost" onClick={backToList}>
        Back to the list
      </Button>
    </div>
  );

  return <OtherUserProfile userId={userId} actions={actions} />;
}
