import type { Channel } from '@cohort/api';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoadState } from '../../components/ui/LoadState.tsx';
import * as l from '../../components/ui/layout.css.ts';
import * as p from '../../components/ui/people.css.ts';
import { ScreenHeader } from '../../components/ui/ScreenHeader.tsx';
import { paths } from '../../config/paths.ts';
import { useGroupsWithMember } from '../../features/groups/api/channel-members.ts';
import { useMyChannels } from '../../features/groups/api/channels.ts';
import { useUser } from '../../features/profile/api/users.ts';
import { memberCount } from '../../lib/format.ts';
import type { Loadable } from '../../lib/result.ts';

/** /otherGroup: the groups the signed-in user shares with a person (state `{ id }` or `?id=`). */
export default function OtherGroupScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const personId = params.get('id') ?? (location.state as { id?: string } | null)?.id ?? null;
  const person = useUser(personId ?? '').data;
  const { reload, ...mine } = useMyChannels(undefined, personId !== null);
  // A group embeds only its first 20 members: whether the person is among the rest is asked.
  const shared = useGroupsWithMember(mine.data, personId);
  const groups: Loadable<Channel[]> =
    mine.data && shared.error
      ? { ...mine, status: 'error', data: undefined, error: shared.error }
      : mine.data && !shared.data
        ? { ...mine, status: 'loading', data: undefined }
        : { ...mine, data: shared.data };
  const retry = () => {
    reload();
    shared.retry();
  };
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
            <LoadState state={groups} what="shared groups" empty="You share no groups yet." onRetry={retry}>
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
