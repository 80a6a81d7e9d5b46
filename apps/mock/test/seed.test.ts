import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, seedState } from '../src/seed/index.ts';

describe('seed', () => {
  it('is byte-identical for the same seed', () => {
    expect(JSON.stringify(seedState({ seed: 7, users: 120 }))).toBe(JSON.stringify(seedState({ seed: 7, users: 120 })));
  });

  it('differs for another seed', () => {
    const a = seedState({ seed: 7, users: 50 });
    const b = seedState({ seed: 8, users: 50 });
    expect(a.users[1]?.id).not.toBe(b.users[1]?.id);
    expect(a.channels[0]?.id).not.toBe(b.channels[0]?.id);
  });

  it('gives the same first users, channels and messages whatever the user count', () => {
    const small = seedState({ seed: 7, users: 100 });
    const large = seedState({ seed: 7, users: 400 });
    expect(large.users.slice(0, 10).map((u) => u.id)).toEqual(small.users.slice(0, 10).map((u) => u.id));
    expect(large.users[5]).toMatchObject({ email: small.users[5]?.email, first_name: small.users[5]?.first_name });
    expect(large.channels.map((c) => c.name)).toEqual(small.channels.map((c) => c.name));
    const firstChannel = small.channels[0]?.id ?? '';
    expect(small.messages[firstChannel]?.length).toBeGreaterThanOrEqual(20);
  });

  it('builds realistic, well-formed data in the documented shape', () => {
    const state = seedState({ seed: 1 });
    expect(state.users).toHaveLength(300);
    expect(new Set(state.users.map((u) => u.email)).size).toBe(300);
    expect(new Set(state.users.map((u) => u.university)).size).toBe(8);
    expect(state.channels.length).toBe(40 + 1); // + the 10,000-message chat archive
    for (const channel of state.channels) {
      expect(channel.id).toMatch(/^chan_[A-Za-z0-9_-]{16}$/);
      const messages = state.messages[channel.id] ?? [];
      expect(messages.length).toBeGreaterThanOrEqual(20);
      expect(messages.length).toBeLessThanOrEqual(channel.name === 'Cohort Archive' ? 10_000 : 200);
      expect(messages.every((m) => /^msg_[A-Za-z0-9_-]{16}$/.test(m.id) && channel.users.includes(m.sender_id))).toBe(
        true,
      );
    }
    for (const user of state.users) expect(user.id).toMatch(/^usr_[A-Za-z0-9_-]{16}$/);
    // Friendship is mutual.
    const byId = new Map(state.users.map((u) => [u.id, u]));
    for (const user of state.users) for (const f of user.friend_ids) expect(byId.get(f)?.friend_ids).toContain(user.id);
  });

  it('gives the demo account invitations waiting for an answer, each with an unread notification', () => {
    const state = seedState();
    const demo = state.users[0];
    const id = demo?.id ?? '';
    const incoming = state.social?.connections.filter((c) => c.to_user_id === id && c.status === 'pending') ?? [];
    expect(incoming).toHaveLength(2);
    for (const c of incoming) expect(demo?.friend_ids).not.toContain(c.from_user_id);
    // Ids follow the time sent, as at run time: newest first by id (listConnections) is newest first by date.
    const byId = [...incoming].sort((a, b) => a.id - b.id).map((c) => c.created_at);
    expect(byId).toEqual([...byId].sort());
    expect(new Set(byId).size).toBe(byId.length);
    const invites = state.social?.channel_invites.filter((i) => i.user_id === id && i.status === 'pending') ?? [];
    const notes = state.notifications ?? [];
    expect(notes).toHaveLength(incoming.length + invites.length);
    expect(notes.every((n) => n.user_id === id && n.read_at === null)).toBe(true);
    expect(notes.filter((n) => n.kind === 'connection_invited').map((n) => n.connection_id)).toEqual(
      expect.arrayContaining(incoming.map((c) => c.id)),
    );
    expect(state.next_id.notification).toBe(notes.length + 1);
  });

  it('gives the demo account a full profile, friends, channels and saved messages', () => {
    const state = seedState();
    const demo = state.users[0];
    expect(demo?.email).toBe(DEMO_ACCOUNT.email);
    const id = demo?.id ?? '';
    const mine = <T extends { user_id: string }>(items: T[]) => items.filter((i) => i.user_id === id).length;
    expect(mine(state.notes)).toBeGreaterThan(0);
    expect(mine(state.clubs)).toBeGreaterThan(0);
    expect(mine(state.interests)).toBeGreaterThan(0);
    expect(mine(state.directions)).toBeGreaterThan(0);
    expect(mine(state.experiences)).toBeGreaterThan(0);
    expect(demo?.friend_ids.length).toBeGreaterThanOrEqual(20);
    expect(state.channels.filter((c) => c.users.includes(id)).length).toBeGreaterThanOrEqual(8);
    expect(mine(state.saved_messages)).toBeGreaterThan(0);
  });
});
