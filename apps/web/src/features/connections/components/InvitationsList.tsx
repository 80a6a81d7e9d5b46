import { useSetAtom } from 'jotai';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button, Spinner } from '@/components/ui/Button.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { shortDate } from '@/lib/dates.ts';
import { type Connection, type Direction, useConnectionActions, useInvitations } from '../api/connections.ts';
import * as s from './connections.css.ts';
import { PersonCell } from './PersonCell.tsx';

function InvitationRow({ connection, direction }: { connection: Connection; direction: Direction }) {
  const actions = useConnectionActions();
  const toast = useSetAtom(showToastAtom);
  const act = async (run: Promise<{ ok: boolean; error?: { message: string } }>, done: string) => {
    const r = await run;
    toast(r.ok ? { tone: 'success', text: done } : { tone: 'error', text: r.error?.message ?? 'Failed.' });
  };
  const person = connection.person;
  const when = `${direction === 'incoming' ? 'Received' : 'Sent'} ${shortDate(connection.created_at)}`;
  return (
    <li className={s.row}>
      {person ? <PersonCell person={person} note={when} /> : <span className={s.who}>A former member · {when}</span>}
      <span className={s.actions}>
        {direction === 'incoming' ? (
          <>
            <Button
              small
              loading={actions.busy === 'accept'}
              onClick={() => act(actions.accept(connection.id), 'You are now connected.')}
            >
              Accept
            </Button>
            <Button
              small
              variant="secondary"
              loading={actions.busy === 'decline'}
              onClick={() => act(actions.decline(connection.id), 'Invitation declined.')}
            >
              Decline
            </Button>
          </>
        ) : (
          <Button
            small
            variant="secondary"
            loading={actions.busy === 'withdraw'}
            onClick={() => act(actions.withdraw(connection.id), 'Invitation withdrawn.')}
          >
            Withdraw
          </Button>
        )}
      </span>
    </li>
  );
}

/** My pending invitations to connect of one direction, newest first; older ones a page at a time. */
export function InvitationsList({ direction }: { direction: Direction }) {
  const query = useInvitations(direction);
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  const label = direction === 'incoming' ? 'Invitations received' : 'Invitations sent';
  if (query.isPending) {
    return (
      <p className={l.muted}>
        <Spinner label="Loading invitations" /> Loading invitations…
      </p>
    );
  }
  if (query.isError && items.length === 0) {
    return <Alert onRetry={() => query.refetch()}>Could not load invitations: {(query.error as Error).message}</Alert>;
  }
  if (items.length === 0) {
    return (
      <p className={l.muted}>
        {direction === 'incoming'
          ? 'No invitations waiting for you.'
          : 'You have no invitations waiting for an answer.'}
      </p>
    );
  }
  return (
    <>
      <ul className={s.rows} aria-label={label}>
        {items.map((c) => (
          <InvitationRow key={c.id} connection={c} direction={direction} />
        ))}
      </ul>
      {query.isFetchNextPageError && <Alert>Could not load older invitations: {(query.error as Error).message}</Alert>}
      {query.hasNextPage && (
        <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Show older invitations
        </Button>
      )}
    </>
  );
}
