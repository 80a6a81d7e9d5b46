import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoadState } from '../../components/ui/LoadState.tsx';
import * as l from '../../components/ui/layout.css.ts';
import * as p from '../../components/ui/people.css.ts';
import { ScreenHeader } from '../../components/ui/ScreenHeader.tsx';
import { paths } from '../../config/paths.ts';
import { useMyChannels } from '../../features/groups/api/channels.ts';
import { useUser } from '../../features/profile/api/users.ts';
import { memberCount } from '../../lib/format.ts';

/** /otherGroup: the groups the signed-in user shares with a person (state `{ id }` or `?id=`). */
export default function OtherGroupScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const personId = params.get('id') ?? (location.state as { id?: string } | null)?.id ?? null;
  const person = useUser(personId ?? '').data;
  const { reload, ...mine } = useMyChannels(undefined, personId !== null);
  const groups = { ...mine, data: mine.data?.filter((c) => personId && c.users.includes(personId)) };
  const name = person ? `${person.first_name} ${person.last_name}` : null;

  return (
    <div className={l.screen}>
      <ScreenHeader title="Shared Groups" onBack={() => navigate(-1)} />
      <section className={l.section}>
        {!personId ? (
          <p className={p.meta}>No person was chosen.</p>
        ) : (
          <>
            <p className={p.meta}>{name ? `Groups you and ${name} are both in.` : 'Groups you are both in.'}</p>
            <LoadState state={groups} what="shared groups" empty="You share no groups yet." onRetry={reload}>
              {(list) => (
                <ul className={p.rows} aria-label="Shared groups">
                  {list.map((group) => (
                    <li key={group.id} style={{ padding: '4px 0' }}>
                      <button
                        type="button"
                        className={p.choice}
                        onClick={() =>
                          navigate(`${paths.groupProfile}?id=${encodeURIComponent(group.id)}`, {
                            state: { id: group.id, channel: group },
                          })
                        }
                      >
                        <span>{group.name}</span>
                        <span className={p.meta}>{memberCount(group.member_count ?? group.users.length)}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </LoadState>
          </>
        )}
      </section>
    </div>
  );
}
