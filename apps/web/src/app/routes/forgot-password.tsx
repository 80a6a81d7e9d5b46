import { ForgotPasswordForm } from '../../features/account/components/ForgotPasswordForm.tsx';

/** /forgot-password: ask for a link to set a new password. */
export default function ForgotPasswordScreen() {
  return <ForgotPasswordForm />;
}
