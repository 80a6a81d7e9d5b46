import { useSetAtom } from 'jotai';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button, Spinner } from '@/components/ui/Button.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { shortDate } from '@/lib/dates.ts';
import { personName } from '@/lib/format.ts';
import { type Block, useBlockActions, useBlocks } from '../api/blocks.ts';
import * as s from './connections.css.ts';
import { PersonCell } from './PersonCell.tsx';

function BlockedRow({ block }: { block: Block }) {
  const actions = useBlockActions();
  const toast = useSetAtom(showToastAtom);
  const person = block.person;
  const name = person ? personName(person) : 'A former member';
  const when = `Blocked ${shortDate(block.created_at)}`;
  return (
    <li className={s.row}>
      {person ? <PersonCell person={person} note={when} /> : <span className={s.who}>A former member · {when}</span>}
      <span className={s.actions}>
        <Button
          small
          variant="secondary"
          aria-label={`Unblock ${name}`}
          loading={actions.busy === 'unblock'}
          onClick={async () => {
            const r = await actions.unblock(block.user_id);
            toast(r.ok ? { tone: 'success', text: `${name} is unblocked.` } : { tone: 'error', text: r.error.message });
          }}
        >
          Unblock
        </Button>
      </span>
    </li>
  );
}

/** The people I blocked, newest first, older ones a page at a time; each with Unblock. */
export function BlockedList() {
  const query = useBlocks();
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  if (query.isPending) {
    return (
      <p className={l.muted}>
        <Spinner label="Loading blocked people" /> Loading blocked people…
      </p>
    );
  }
  if (query.isError && items.length === 0) {
    return (
      <Alert onRetry={() => query.refetch()}>Could not load blocked people: {(query.error as Error).message}</Alert>
    );
  }
  if (items.length === 0) {
    return <p className={l.muted}>You have not blocked anyone. Block someone from their profile.</p>;
  }
  return (
    <>
      <ul className={s.rows} aria-label="Blocked people">
        {items.map((b) => (
          <BlockedRow key={b.id} block={b} />
        ))}
      </ul>
      {query.isFetchNextPageError && <Alert>Could not load more: {(query.error as Error).message}</Alert>}
      {query.hasNextPage && (
        <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Show more
        </Button>
      )}
    </>
  );
}
