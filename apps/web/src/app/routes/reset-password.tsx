import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ResetPasswordForm } from '../../features/account/components/ResetPasswordForm.tsx';
import { isSignedInAtom, signOutAtom } from '../../lib/auth.ts';

/** /reset-password?token=…: the mailed link. A new password ends every session: then sign in. */
export default function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signedIn = useAtomValue(isSignedInAtom);
  const signOut = useSetAtom(signOutAtom);
  return (
    <ResetPasswordForm
      token={params.get('token') ?? ''}
      onDone={async () => {
        if (signedIn) await signOut();
        navigate(paths.login, { replace: true, state: { notice: 'Your password is changed. Sign in with it.' } });
      }}
    />
  );
}
