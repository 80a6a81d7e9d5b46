import type { PublicUser } from '@cohort/api';
import { type ReactNode, useCallback, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button, Spinner } from '@/components/ui/Button.tsx';
import { Icon } from '@/components/ui/Icon.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { ScreenHeader } from '@/components/ui/ScreenHeader.tsx';
import { Switch } from '@/components/ui/Switch.tsx';
import { Tabs, tabItems } from '@/components/ui/Tabs.tsx';
import { paths } from '@/config/paths.ts';
import { useHasDraft } from '@/lib/drafts.ts';
import { initials, personName, UNNAMED_PERSON } from '@/lib/format.ts';
import { EditProfileSheet, PROFILE_DRAFT } from './EditProfileSheet.tsx';
import { PhotoSheet } from './PhotoSheet.tsx';
import * as s from './profile.css.ts';
import { SavedMessages } from './SavedMessages.tsx';
import { DirectionTab, InterestsTab } from './tabs/ChipsTab.tsx';
import { ClubsTab } from './tabs/ClubsTab.tsx';
import { ExperienceTab } from './tabs/ExperienceTab.tsx';
import { MediaTab } from './tabs/MediaTab.tsx';
import { NotesTab } from './tabs/NotesTab.tsx';

export const PROFILE_TABS = tabItems({
  notes: 'Notes',
  media: 'Media',
  clubs: 'Clubs',
  experience: 'Experience',
  direction: 'Direction',
  interests: 'Interests',
});
export type ProfileTabKey = (typeof PROFILE_TABS)[number]['key'] | 'posts';
const WITH_POSTS = [...PROFILE_TABS, ...tabItems({ posts: 'Posts' })];

function Photo({ user }: { user: PublicUser | null }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (user?.profile_image && broken !== user.profile_image) {
    return <img className={s.photo} src={user.profile_image} alt="" onError={() => setBroken(user.profile_image)} />;
  }
  return (
    <div className={s.photo} aria-hidden="true">
      {initials(personName(user, ''))}
    </div>
  );
}

function ContactBlock({ user }: { user: PublicUser }) {
  // Another person's contact details come only as their privacy settings allow (the contract's PublicUser).
  const hidden = 'Not shown to you';
  const emails = [user.email, ...(user.emails ?? []).filter((e) => e !== user.email)].filter(Boolean);
  const rows: [string, ReactNode][] = [
    ['Mobile', user.phone || (user.email === undefined ? hidden : 'Not added')],
    ['Program', user.program || 'Not added'],
    [
      'University',
      user.university
        ? `${user.university}${user.graduation_year ? `, Class of ${user.graduation_year}` : ''}`
        : 'Not added',
    ],
    [emails.length > 1 ? 'E-mails' : 'E-mail', emails.join(', ') || hidden],
  ];
  return (
    <dl className={s.contact} aria-label="Contact">
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt className={s.contactLabel}>{label}</dt>
          <dd className={s.contactValue} dir="auto">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** What the own profile's action row opens, given by the route (they belong to other features). */
export interface OwnSlots {
  calendar: (close: () => void) => ReactNode;
  /** Video: pick a friend to video-call. */
  video: (close: () => void) => ReactNode;
  menu: ReactNode;
}

function OwnActions({ slots }: { slots: OwnSlots | undefined }) {
  const [calendar, setCalendar] = useState(false);
  const [video, setVideo] = useState(false);
  return (
    <div className={s.actions}>
      <button type="button" className={s.action} onClick={() => setCalendar(true)}>
        <Icon name="calendar" />
        Calendar
      </button>
      {calendar && slots?.calendar(() => setCalendar(false))}
      <Link to={paths.calls} className={s.action} title="Call history">
        <Icon name="phone" />
        Calls
      </Link>
      <button type="button" className={s.action} onClick={() => setVideo(true)} title="Video call a friend">
        <Icon name="video" />
        Video
      </button>
      {video && slots?.video(() => setVideo(false))}
      <Link to={paths.contacts} className={s.action}>
        <Icon name="contacts" />
        Standard Contacts
      </Link>
      {slots?.menu}
    </div>
  );
}

/** react-router keeps the entry's index in history.state; 0 means the app was opened on this screen. */
function canGoBack(): boolean {
  return ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
}

export interface ProfileViewProps {
  owner: string;
  own: boolean;
  user: PublicUser | null;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  /** Another user's profile: its own actions under the header. */
  actions?: ReactNode;
  /** The own profile: the Calendar sheet and the More menu. */
  slots?: OwnSlots;
  /** The person's posts (another feature's), shown in a Posts tab. */
  posts?: ReactNode;
}

/** A profile, own (edit, add, save controls) or another user's (read-only). */
export function ProfileView({ owner, own, user, loading, error, onRetry, actions, slots, posts }: ProfileViewProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const tabs = posts ? WITH_POSTS : PROFILE_TABS;
  const tab: ProfileTabKey = tabs.find((t) => t.key === params.get('tab'))?.key ?? 'notes';
  // The tab lives in the URL (the entry replaced), so Back to this profile reopens it where it was scrolled.
  const setTab = (next: ProfileTabKey) =>
    setParams(
      (prev) => {
        const changed = new URLSearchParams(prev);
        changed.set('tab', next);
        return changed;
      },
      { replace: true, state: location.state },
    );
  // Edits the person was making when the session ended reopen the form.
  const editDraft = useHasDraft(PROFILE_DRAFT);
  const [editing, setEditing] = useState(own && editDraft);
  const [showSaved, setShowSaved] = useState(false);
  const [changingPhoto, setChangingPhoto] = useState(false);
  const closePhoto = useCallback(() => setChangingPhoto(false), []);

  return (
    <div className={l.screen}>
      <ScreenHeader
        title={own ? 'My Profile' : 'Profile'}
        onBack={() => (canGoBack() ? navigate(-1) : navigate(paths.contacts))}
        actions={
          own && (
            <Link className={s.gear} to={paths.settings} aria-label="Settings">
              <Icon name="settings" />
            </Link>
          )
        }
      />

      <section className={s.hero} aria-label="Profile">
        {own && user ? (
          <button type="button" className={s.photoButton} onClick={() => setChangingPhoto(true)}>
            <Photo user={user} />
            <span className={s.photoHint} aria-hidden="true">
              Edit
            </span>
            <span className={l.visuallyHidden}>Change profile photo</span>
          </button>
        ) : (
          <Photo user={user} />
        )}
        {loading && !user && <Spinner label="Loading profile" />}
        {user && (
          <h2 className={s.name} dir="auto">
            {personName(user, user.email || UNNAMED_PERSON)}
          </h2>
        )}
        {user?.description && (
          <p className={s.description} dir="auto">
            {user.description}
          </p>
        )}
        {error && <Alert onRetry={onRetry}>Could not load the profile: {error}</Alert>}
        {own && (
          <Button variant="secondary" small onClick={() => setEditing(true)} disabled={!user}>
            Edit my profile
          </Button>
        )}
      </section>
      {/* Until the profile arrives, what sits below the hero is mounted (its lists start loading) but
          hidden: shown together with the name and description, nothing is pushed down (no layout shift). */}
      <div className={s.below} hidden={!user && !error}>
        {own ? <OwnActions slots={slots} /> : actions}

        {user && <ContactBlock user={user} />}

        {own && (
          <div className={s.toggle}>
            <Switch label="Saved Messages" checked={showSaved} onChange={setShowSaved} />
          </div>
        )}

        {showSaved && own ? (
          <SavedMessages />
        ) : (
          owner && (
            <Tabs label="Profile sections" tabs={tabs} value={tab} onChange={setTab}>
              {tab === 'notes' && <NotesTab owner={owner} own={own} />}
              {tab === 'media' && <MediaTab owner={owner} own={own} />}
              {tab === 'clubs' && <ClubsTab owner={owner} own={own} />}
              {tab === 'experience' && <ExperienceTab owner={owner} own={own} resume={user?.resume} />}
              {tab === 'direction' && <DirectionTab owner={owner} own={own} />}
              {tab === 'interests' && <InterestsTab owner={owner} own={own} />}
              {tab === 'posts' && posts}
            </Tabs>
          )
        )}
      </div>

      {editing && user && <EditProfileSheet user={user} onClose={() => setEditing(false)} />}
      {changingPhoto && <PhotoSheet current={user?.profile_image} onClose={closePhoto} />}
    </div>
  );
}
