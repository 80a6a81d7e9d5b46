import { writeAccounts } from './accounts.ts';
import { type AreaWriter, api, readViews } from './api.ts';
import { writeCalendar, writeCalls, writeNearby, writeNotifications, writeSettings } from './everyday.ts';
import { writeFeed } from './feed.ts';
import { writeGroups } from './groups.ts';
import { writeMessages } from './messages.ts';
import { writeDirectoryProfile, writeProfileItems } from './profile.ts';
import { writeSocial } from './social.ts';

export { type AreaWriter, api, readViews, type Written } from './api.ts';

/**
 * Every area's writes, by name. Together they call every write operation of the contract but two:
 * uploads (media-kill.test.ts kills the mock mid-upload) and stream tickets (memory only by design:
 * one use within 60 s). Saved messages have no write operation; the messages area reads them.
 */
export const AREAS: [string, AreaWriter][] = [
  ['accounts and sessions', writeAccounts],
  ['profile items', writeProfileItems],
  ['directory-visible profile', writeDirectoryProfile],
  ['channels and groups', writeGroups],
  ['messages', writeMessages],
  ['connections, saved lists and blocks', writeSocial],
  ['calendar events', writeCalendar],
  ['notifications', writeNotifications],
  ['settings', writeSettings],
  ['feed and stories', writeFeed],
  ['calls', writeCalls],
  ['nearby', writeNearby],
];

/**
 * Every area's writes against one running mock (any process), each area's answers checked as it
 * finishes. The mock must allow about 40 registrations from one address (`registerPerAddress`).
 */
export async function writeInEveryArea(baseUrl: string): Promise<void> {
  const http = api(baseUrl);
  for (const [, write] of AREAS) {
    const written = await write(http);
    written.check(await readViews(http, written.views));
  }
}
