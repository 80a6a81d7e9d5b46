import type { components } from '@cohort/api';
import { mapCollection } from './collection.ts';
import type { StoreCore } from './core.ts';
import { contractRecord } from './row-schema.ts';
import type { NotificationKind } from './types.ts';

export type Settings = components['schemas']['Settings'];
export type SettingsUpdate = components['schemas']['SettingsUpdate'];
type Visibility = components['schemas']['ContactVisibility'];

/** Which contact details one person sees of another. */
export interface ContactShown {
  email: boolean;
  phone: boolean;
}

/** What a user who never changed a setting has: contact details for connections, every notification on. */
export function defaultSettings(): Settings {
  return {
    contact_visibility: { email: 'connections', phone: 'connections' },
    notifications: {
      connection_invited: true,
      connection_accepted: true,
      group_invited: true,
      group_added: true,
      message_pinned: true,
      call_missed: true,
      post_liked: true,
      post_commented: true,
    },
  };
}

/** User id → their settings, for users who changed one. */
export const SETTINGS = mapCollection({
  name: 'settings',
  place: { field: 'settings', optional: true },
  item: (doc) => contractRecord(doc, 'Settings'),
  read: (areas: { readonly settings: SettingsArea }, key) => areas.settings.all()[key],
});

/** Each user's privacy and notification settings; only users who changed one are stored. */
export class SettingsArea {
  constructor(
    private readonly core: StoreCore,
    private readonly byUser: Record<string, Settings>,
  ) {}

  all(): Record<string, Settings> {
    return this.byUser;
  }

  get(userId: string): Settings {
    const stored = this.byUser[userId];
    if (!stored) return defaultSettings();
    // Kinds added after the user saved their settings are on until they turn them off.
    return { ...stored, notifications: { ...defaultSettings().notifications, ...stored.notifications } };
  }

  update(userId: string, patch: SettingsUpdate): Settings {
    const now = this.get(userId);
    const next: Settings = {
      contact_visibility: { ...now.contact_visibility, ...patch.contact_visibility },
      notifications: { ...now.notifications, ...patch.notifications },
    };
    this.core.touch(SETTINGS, userId);
    this.byUser[userId] = next;
    return next;
  }

  forget(userId: string): void {
    if (!this.byUser[userId]) return;
    this.core.touch(SETTINGS, userId);
    delete this.byUser[userId];
  }

  /** Whether `userId` wants notifications of this kind. */
  wants(userId: string, kind: NotificationKind): boolean {
    return this.byUser[userId]?.notifications[kind] ?? true;
  }

  /**
   * Whether `viewer` sees `owner`'s e-mail addresses and phone: always their own; otherwise as the
   * owner's `contact_visibility` says (`connected`: the two are connections).
   */
  shows(ownerId: string, viewerId: string, connected: boolean): ContactShown {
    if (ownerId === viewerId) return { email: true, phone: true };
    const { email, phone } = this.get(ownerId).contact_visibility;
    const open = (v: Visibility) => v === 'everyone' || (v === 'connections' && connected);
    return { email: open(email), phone: open(phone) };
  }
}
