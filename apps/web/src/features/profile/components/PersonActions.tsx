import { Link } from 'react-router';
import * as b from '../../../components/ui/Button.css.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { paths } from '../../../config/paths.ts';
import { useConnect } from '../hooks/use-connect.ts';

/** Invite to Connect and View Shared Groups: what every other-profile view offers for its person. */
export function ConnectActions({ userId }: { userId: string }) {
  const { connect, connecting } = useConnect();
  return (
    <>
      <Button small variant="secondary" onClick={() => connect(userId)} loading={connecting}>
        Invite to Connect
      </Button>
      <Link to={paths.otherGroup} state={{ id: userId }} className={`${b.variant.secondary} ${b.small}`}>
        View Shared Groups
      </Link>
    </>
  );
}
