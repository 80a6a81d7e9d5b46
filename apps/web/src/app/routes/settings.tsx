import { Link } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Spinner } from '../../components/ui/Button.tsx';
import * as l from '../../components/ui/layout.css.ts';
import { ScreenHeader } from '../../components/ui/ScreenHeader.tsx';
import { paths } from '../../config/paths.ts';
import { useSettings } from '../../features/settings/api/settings.ts';
import { ChangePasswordForm } from '../../features/settings/components/ChangePasswordForm.tsx';
import { DeleteAccount } from '../../features/settings/components/DeleteAccount.tsx';
import { NotificationSettings, PrivacySettings } from '../../features/settings/components/PrivacySettings.tsx';
import { SessionsList } from '../../features/settings/components/SessionsList.tsx';
import * as s from '../../features/settings/components/settings.css.ts';
import { useBack } from '../../lib/use-back.ts';

function SettingsForms() {
  const settings = useSettings();
  if (settings.data) {
    return (
      <>
        <div className={l.card}>
          <PrivacySettings settings={settings.data.data} />
        </div>
        <div className={l.card}>
          <NotificationSettings settings={settings.data.data} />
        </div>
      </>
    );
  }
  if (settings.isError) {
    return (
      <Alert onRetry={() => settings.refetch()}>
        Could not load your settings: {(settings.error as { message?: string }).message}
      </Alert>
    );
  }
  return (
    <p className={l.muted}>
      <Spinner label="Loading settings" /> Loading settings…
    </p>
  );
}

/** /settings: password, devices, privacy, notifications, and deleting the account. */
export default function SettingsScreen() {
  const back = useBack(paths.profile);
  return (
    <div className={l.screen}>
      <ScreenHeader title="Settings" onBack={back} />
      <div className={l.section}>
        <div className={l.card}>
          <ChangePasswordForm />
        </div>
        <div className={l.card}>
          <SessionsList />
        </div>
        <SettingsForms />
        <div className={l.card}>
          <h2 className={s.heading}>Blocked people</h2>
          <p className={l.muted}>
            They cannot message you one to one, invite you, see your contact details or find you.
          </p>
          <Link className={s.link} to={paths.blockedPeople}>
            See and unblock the people you blocked
          </Link>
        </div>
        <div className={l.card}>
          <DeleteAccount />
        </div>
      </div>
    </div>
  );
}
