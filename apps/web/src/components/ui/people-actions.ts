import type { ReactNode } from 'react';
import type { Person } from './PersonRow.tsx';

/**
 * What a list of people offers for the chosen ones (Message Selected Contacts, Invite to Group):
 * the groups feature does it; the route hands it to the directory and saved-list screens.
 */
export interface PeopleActionsSlot {
  /** Opens (or makes) the chat with these people. */
  message: (people: readonly Person[]) => Promise<void>;
  messaging: boolean;
  /** The Invite to Group sheet for these ids. */
  inviteSheet: (ids: string[], onClose: () => void) => ReactNode;
}
