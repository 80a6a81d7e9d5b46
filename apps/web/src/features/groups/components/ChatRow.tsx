import type { Channel } from '@cohort/api';
import { Link } from 'react-router';
import * as l from '@/components/ui/layout.css.ts';
import * as s from '@/components/ui/rows.css.ts';
import { chatInboxPath } from '@/config/paths.ts';
import { chatTime } from '@/lib/dates.ts';
import { groupName, initials } from '@/lib/format.ts';

function preview(channel: Channel, me: string | null | undefined): string {
  const last = channel.last_message;
  if (!last) return 'No messages yet';
  if (last.deleted_at) return 'Message deleted';
  const text = last.message || (last.files.some((f) => f.file_type === 1) ? 'Photo' : 'File');
  return `${last.sender_id === me ? 'You: ' : ''}${last.forwarded_from_id ? 'Forwarded: ' : ''}${text}`;
}

/** One chat in the chat list: name, last message, time, muted, unread badge. */
export function ChatRow({ channel, me }: { channel: Channel; me: string | null | undefined }) {
  const unread = channel.unread_count ?? 0;
  return (
    <li>
      <Link to={chatInboxPath(channel.id)} className={s.row}>
        <span className={s.avatar} aria-hidden="true">
          {initials(channel.name)}
        </span>
        <span className={s.rowMain}>
          <span className={s.rowTop}>
            <span className={s.name} dir="auto">
              {groupName(channel.name)}
            </span>
            <span className={s.time}>{chatTime(channel.last_message?.time ?? channel.created_at)}</span>
          </span>
          <span className={s.rowTop}>
            <span className={s.preview} dir="auto">
              {preview(channel, me)}
            </span>
            {channel.is_muted && <span className={s.muted}>Muted</span>}
            {unread > 0 && (
              <span className={channel.is_muted ? s.badgeMuted : s.badge}>
                {unread > 99 ? '99+' : unread}
                <span className={l.visuallyHidden}>{channel.is_muted ? ' unread, muted' : ' unread'}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
