import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { Switch } from '@/components/ui/Switch.tsx';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import {
  type NotificationKind,
  type Settings,
  type SettingsUpdate,
  useUpdateSettings,
  type Visibility,
} from '../api/settings.ts';
import * as s from './settings.css.ts';

const VISIBILITY: { value: Visibility; label: string }[] = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'connections', label: 'Connections' },
  { value: 'nobody', label: 'Nobody' },
];

const DETAILS = [
  { key: 'email', label: 'Who sees my e-mail' },
  { key: 'phone', label: 'Who sees my phone' },
] as const;

// Every kind the contract's NotificationSettings holds must have a label: a new kind fails the type check.
const KIND_LABELS: Record<NotificationKind, string> = {
  connection_invited: 'Connection invitations',
  connection_accepted: 'Accepted invitations',
  group_invited: 'Group invitations',
  group_added: 'Added to a group',
  message_pinned: 'Pinned messages',
  call_missed: 'Missed calls',
  post_liked: 'Likes on my posts',
  post_commented: 'Comments on my posts',
};

export const NOTIFICATION_KINDS = (Object.keys(KIND_LABELS) as NotificationKind[]).map((key) => ({
  key,
  label: KIND_LABELS[key],
}));

/** Saves one change at once; what shows is the server's answer (or the change while it is on its way). */
function useSave() {
  const update = useUpdateSettings();
  const toast = useSetAtom(showToastAtom);
  const [pending, setPending] = useState<SettingsUpdate | null>(null);
  const save = async (change: SettingsUpdate) => {
    setPending(change);
    const r = await update(change);
    setPending(null);
    if (r.ok) toast({ tone: 'success', text: 'Saved.' });
    else toast({ tone: 'error', text: `Not saved: ${r.error.message}` });
  };
  return { pending, save };
}

/** Who sees my e-mail and my phone: everyone signed in, my connections, or nobody. */
export function PrivacySettings({ settings }: { settings: Settings }) {
  const { pending, save } = useSave();
  return (
    <section className={s.form} aria-labelledby="privacy">
      <h2 id="privacy" className={s.heading}>
        Privacy
      </h2>
      {DETAILS.map((detail) => {
        const current = pending?.contact_visibility?.[detail.key] ?? settings.contact_visibility[detail.key];
        return (
          <fieldset key={detail.key} className={s.fieldset}>
            <legend className={s.legend}>{detail.label}</legend>
            <div className={s.choices}>
              {VISIBILITY.map((option) => (
                <label key={option.value} className={s.choice}>
                  <input
                    type="radio"
                    name={`visibility-${detail.key}`}
                    value={option.value}
                    checked={current === option.value}
                    onChange={() => void save({ contact_visibility: { [detail.key]: option.value } })}
                  />
                  {option.label}
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
    </section>
  );
}

/** A switch per kind of notification; a kind turned off is not recorded at all. */
export function NotificationSettings({ settings }: { settings: Settings }) {
  const { pending, save } = useSave();
  return (
    <section className={s.form} aria-labelledby="notification-settings">
      <h2 id="notification-settings" className={s.heading}>
        Notifications
      </h2>
      <div className={s.switches}>
        {NOTIFICATION_KINDS.map((kind) => (
          <Switch
            key={kind.key}
            label={kind.label}
            checked={pending?.notifications?.[kind.key] ?? settings.notifications[kind.key]}
            onChange={(on) => void save({ notifications: { [kind.key]: on } })}
          />
        ))}
      </div>
    </section>
  );
}
