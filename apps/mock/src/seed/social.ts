import type { State, StoredUser } from '../store/types.ts';
import { emptySocialState, type SocialState, type StoredSavedList } from '../store/types.ts';
import { newFaker } from './faker.ts';

const DAY = 86400e3;
const SUBGROUP_NAMES = ['Hardware', 'Fundraising', 'First Years', 'Alumni'];

/**
 * Saved lists, group invites, follows and inactive groups, mostly for the demo account so every
 * screen has real data. Runs after the rest of the seed on its own faker stream, changing channels
 * only by adding the demo account to a few and making a few subgroups.
 */
export function seedSocial(state: State, seed: number, refDate: Date): SocialState {
  const f = newFaker();
  f.seed([seed, 6]);
  const social = emptySocialState();
  const demo = state.users[0];
  if (!demo) return social;
  const at = (daysAgo: number) => new Date(refDate.getTime() - daysAgo * DAY).toISOString();

  // ---------- groups: a dozen for the demo account, some inactive, some followed, a few subgroups ----------
  const channels = state.channels;
  for (const channel of channels.slice(8, 12)) if (!channel.users.includes(demo.id)) channel.users.push(demo.id);
  const parent = channels[0];
  channels.slice(12, 12 + SUBGROUP_NAMES.length).forEach((channel, i) => {
    if (!parent) return;
    channel.parent_id = parent.id;
    channel.name = `${parent.name} — ${SUBGROUP_NAMES[i]}`;
  });
  const mine = channels.filter((c) => c.users.includes(demo.id));
  const inactive = f.helpers.arrayElements(mine, Math.min(3, Math.max(0, mine.length - 2)));
  const active = mine.filter((c) => !inactive.includes(c));
  social.inactive[demo.id] = inactive.map((c) => c.id);
  social.following[demo.id] = f.helpers.arrayElements(active, Math.min(3, active.length)).map((c) => c.id);

  // ---------- pending invitations to groups the demo account is not in ----------
  const others = channels.filter((c) => !c.users.includes(demo.id) && c.users.length > 0 && !c.parent_id);
  f.helpers.arrayElements(others, Math.min(3, others.length)).forEach((channel, i) => {
    social.channel_invites.push({
      id: social.channel_invites.length + 1,
      channel_id: channel.id,
      user_id: demo.id,
      invited_by: f.helpers.arrayElement(channel.users),
      status: 'pending',
      created_at: at(1 + i * 2),
    });
  });

  // ---------- saved lists: two kept, one in Recently Deleted ----------
  // The first `count` others that match, in seed order (stops there: at 100,000 users a whole pass
  // per list was a tenth of the seed).
  const firstOthers = (match: (u: StoredUser) => boolean, count: number) => {
    const found: StoredUser[] = [];
    for (let i = 1; i < state.users.length && found.length < count; i++) {
      const user = state.users[i] as StoredUser;
      if (match(user)) found.push(user);
    }
    return found;
  };
  const pick = (match: (u: StoredUser) => boolean, count: number) => firstOthers(match, count).map((u) => u.id);
  const year = demo.graduation_year ?? refDate.getUTCFullYear();
  const lists: [string, string[], number, number | null][] = [
    [
      `${demo.university ?? 'University'} classmates, ${year - 1}–${year + 1}`,
      pick((u) => u.university === demo.university && Math.abs((u.graduation_year ?? 0) - year) <= 1, 12),
      12,
      null,
    ],
    [
      'Climate and energy contacts',
      pick((u) => u.industry === 'Energy' || u.desired_industry === 'Energy', 8),
      5,
      null,
    ],
    ['Consulting recruiting 2025', pick((u) => u.industry === 'Consulting', 6), 40, 3],
  ];
  for (const [name, member_ids, createdDaysAgo, deletedDaysAgo] of lists) {
    const list: StoredSavedList = {
      id: social.saved_lists.length + 1,
      user_id: demo.id,
      name,
      member_ids,
      created_at: at(createdDaysAgo),
      deleted_at: deletedDaysAgo === null ? null : at(deletedDaysAgo),
    };
    social.saved_lists.push(list);
  }

  // ---------- two people waiting for the demo account's answer (no random draws: the rest of the seed is unchanged) ----------
  const strangers = firstOthers((u) => !demo.friend_ids.includes(u.id) && !u.friend_ids.includes(demo.id), 2);
  // Numbered in the order they were sent (the later one a day ago), as ids are handed out at run
  // time: lists of invitations are newest first by id.
  strangers.forEach((u, i) => {
    social.connections.push({
      id: social.connections.length + 1,
      from_user_id: u.id,
      to_user_id: demo.id,
      status: 'pending',
      created_at: at(strangers.length - i),
      answered_at: null,
    });
  });
  return social;
}
