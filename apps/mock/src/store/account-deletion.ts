import type { Areas } from './collections.ts';
import { toPerson } from './directory.ts';

/**
 * Deletes an account (the contract's `deleteAccount`), in one transaction with the caller: its
 * blocks, connections, invitations, group memberships, saved and personal data, notifications,
 * settings, reset links and profile items go, then the account and every session. Its messages
 * stay, naming a sender nobody is any more; the streams hear who left which group, and the
 * account's own streams close once it commits.
 */
export function deleteAccount(areas: Areas, userId: string): void {
  const user = areas.accounts.require(userId);
  const person = toPerson(user);
  areas.blocks.forgetUser(userId);
  areas.social.forgetUser(userId);
  areas.invites.forgetUser(userId);
  for (const channel of areas.channels.forgetUser(userId)) {
    areas.events.announce({
      type: 'member',
      channelId: channel.id,
      change: 'left',
      user: person,
      memberCount: channel.users.length,
    });
  }
  areas.chat.forgetUser(userId);
  areas.calendar.forgetUser(userId);
  areas.notifications.forgetUser(userId);
  areas.settings.forget(userId);
  areas.nearby.forgetUser(userId);
  areas.passwordResets.forgetUser(userId);
  areas.profile.forgetUser(userId);
  areas.posts.forgetUser(userId);
  areas.stories.forgetUser(userId);
  areas.accounts.remove(userId);
  areas.events.announce({ type: 'sessions-ended', userId });
}
