import { Link } from 'react-router';
import { Button } from '@/components/ui/Button.tsx';
import { LoadState } from '@/components/ui/LoadState.tsx';
import { otherProfilePath } from '@/config/paths.ts';
import { personName, UNNAMED_PERSON } from '@/lib/format.ts';
import { loadable } from '@/lib/query.ts';
import { type Call, useCallActions, useCallHistory } from '../api/calls.ts';
import { historyStatus, kindLabel } from '../call-text.ts';
import * as s from './calls.css.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

function CallRow({ call }: { call: Call }) {
  const { start } = useCallActions();
  const person = call.person ?? null;
  const name = person ? personName(person, UNNAMED_PERSON) : 'Deleted user';
  const missed = call.direction === 'incoming' && (call.end_reason === 'missed' || call.end_reason === 'cancelled');
  return (
    <li className={s.row}>
      <div className={s.rowText}>
        {person ? (
          <Link className={s.name} to={otherProfilePath(person.id)}>
            {name}
          </Link>
        ) : (
          <span className={s.name}>{name}</span>
        )}
        <span className={missed ? s.missed : s.meta}>
          {kindLabel(call)} · {historyStatus(call)}
        </span>
        <time className={s.meta} dateTime={call.created_at}>
          {when(call.created_at)}
        </time>
      </div>
      {person && (
        <div className={s.rowActions}>
          <Button
            small
            variant="secondary"
            aria-label={`Call ${name} back`}
            onClick={() => void start(person.id, 'audio')}
          >
            Call
          </Button>
          <Button
            small
            variant="secondary"
            aria-label={`Video call ${name} back`}
            onClick={() => void start(person.id, 'video')}
          >
            Video
          </Button>
        </div>
      )}
    </li>
  );
}

/** My call history, newest first: incoming, outgoing and missed, each with call-back. */
export function CallHistory() {
  const query = useCallHistory();
  const state = loadable(query, (e) => e.data);
  return (
    <LoadState inset state={state} what="calls" empty="No calls yet." onRetry={state.reload}>
      {(calls) => (
        <ul aria-label="Calls" className={s.list}>
          {calls.map((c) => (
            <CallRow key={c.id} call={c} />
          ))}
        </ul>
      )}
    </LoadState>
  );
}
