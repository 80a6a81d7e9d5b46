import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Icon } from '../../../components/ui/Icon.tsx';
import * as l from '../../../components/ui/layout.css.ts';
import { groupProfilePath } from '../../../config/paths.ts';
import { memberCount as formatMembers } from '../../../lib/format.ts';
import * as s from './chat-header.css.ts';

/** The chat's top bar: Back, the group's name and counts (a link to its profile), and its actions. */
export function ChatHeader({
  channelId,
  name,
  memberCount,
  online,
  onBack,
  actions,
}: {
  channelId: string;
  name: string;
  /** Unknown (the profile failed and the group is not in the loaded list) shows no count rather than a wrong 0. */
  memberCount: number | undefined;
  online: number | undefined;
  onBack: () => void;
  /** The right of the bar (a one-to-one chat's call buttons); an empty spacer otherwise. */
  actions?: ReactNode;
}) {
  return (
    <header className={l.topBar}>
      <Button variant="ghost" aria-label="Back" onClick={onBack}>
        <Icon name="back" />
      </Button>
      <Link to={groupProfilePath(channelId)} className={s.headerMain} title="Group profile">
        <h1 className={s.headerName} dir="auto">
          {name}
        </h1>
        <span className={s.headerMeta}>
          {[memberCount !== undefined && formatMembers(memberCount), online !== undefined && `${online} online`]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </Link>
      {actions ?? <span style={{ width: 44 }} />}
    </header>
  );
}
