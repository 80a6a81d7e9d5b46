import type { ReactNode } from 'react';
import { Link } from 'react-router';
import * as b from '@/components/ui/Button.css.ts';
import { paths } from '@/config/paths.ts';

/**
 * The connection control (handed in by the route) and View Shared Groups: what every other-profile
 * view offers for its person.
 */
export function ConnectActions({ userId, connection }: { userId: string; connection: ReactNode }) {
  return (
    <>
      {connection}
      <Link to={paths.otherGroup} state={{ id: userId }} className={`${b.variant.secondary} ${b.small}`}>
        View Shared Groups
      </Link>
    </>
  );
}
