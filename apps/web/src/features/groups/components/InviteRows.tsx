import type { ChannelInvite } from '@cohort/api';
import { Button } from '@/components/ui/Button.tsx';
import * as p from '@/components/ui/people.css.ts';
import { shortDate } from '@/lib/dates.ts';
import { groupName } from '@/lib/format.ts';
import * as s from './group.css.ts';

/** Group Invites' rows: the group, who invited and when, with Accept Invite and Decline. */
export function InviteRows({
  list,
  inviters,
  working,
  onAccept,
  onDecline,
}: {
  list: ChannelInvite[];
  /** Inviters' names by id; one not (yet) known is left out. */
  inviters: Map<string, string>;
  /** The row action under way (`accept:<id>`, `decline:<id>`). */
  working: string | null;
  onAccept: (invite: ChannelInvite) => void;
  onDecline: (invite: ChannelInvite) => void;
}) {
  return (
    <ul className={p.rows} aria-label="Group invites">
      {list.map((invite) => (
        <li key={invite.id} className={s.row}>
          <span className={s.info}>
            <span className={p.name} dir="auto">
              {groupName(invite.channel_name)}
            </span>
            <span className={p.meta}>
              {[
                'Invited',
                inviters.has(invite.invited_by) && `by ${inviters.get(invite.invited_by)}`,
                shortDate(invite.created_at) && `on ${shortDate(invite.created_at)}`,
              ]
                .filter(Boolean)
                .join(' ')}
            </span>
          </span>
          <span className={s.buttons}>
            <Button
              small
              aria-label={`Accept Invite: ${invite.channel_name}`}
              loading={working === `accept:${invite.id}`}
              onClick={() => onAccept(invite)}
            >
              Accept Invite
            </Button>
            <Button
              small
              variant="ghost"
              aria-label={`Decline invite: ${invite.channel_name}`}
              loading={working === `decline:${invite.id}`}
              onClick={() => onDecline(invite)}
            >
              Decline
            </Button>
          </span>
        </li>
      ))}
    </ul>
  );
}
