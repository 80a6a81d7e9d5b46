import type { RealtimeHub } from '../realtime/hub.ts';
import { seededChatLine } from '../seed/chat.ts';
import { newFaker } from '../seed/faker.ts';
import type { Store } from '../store/store.ts';

export interface ChatterOptions {
  store: Store;
  realtime: RealtimeHub;
  /** Pause between two simulated messages, in ms (a random value in the range). */
  everyMs?: { min: number; max: number };
  /** Whose groups get the chatter when nobody has a chat open (default the demo account). */
  userId?: string;
  random?: () => number;
}

/**
 * `--chatter`: seeded members post now and then, so a developer sees live messages arrive.
 * Prefers groups someone has open (an event stream) and never speaks as a connected user.
 * Returns a function that stops it.
 */
export function startChatter({
  store,
  realtime,
  everyMs = { min: 6_000, max: 15_000 },
  userId,
  random = Math.random,
}: ChatterOptions): () => void {
  const f = newFaker();
  f.seed(Math.floor(random() * 2 ** 31));
  const chat = store.chat;
  let timer: NodeJS.Timeout | undefined;

  const tick = () => {
    const demoId = userId ?? store.accounts.first(1)[0]?.id;
    const { channels } = store;
    const open = realtime.activeChannels().filter((id) => channels.get(id) !== undefined);
    const pool = open.length > 0 ? open : demoId ? channels.of(demoId).map((c) => c.id) : [];
    const channel = pool.length > 0 ? channels.get(f.helpers.arrayElement(pool)) : undefined;
    if (channel) {
      const online = realtime.onlineUsers(channel.id);
      // Only members nobody is signed in as speak, so a developer never sees words put in their mouth.
      const speakers = channel.users.filter((id) => id !== demoId && !online.has(id));
      const members = channel.users.flatMap((id) => store.accounts.find(id) ?? []);
      if (speakers.length > 0 && members.length > 0) {
        const last = store.chat.messagesOf(channel.id).at(-1);
        store.transact(() =>
          chat.send(f.helpers.arrayElement(speakers), channel.id, {
            message: seededChatLine(f, members),
            reply_message_id: last && f.datatype.boolean({ probability: 0.25 }) ? last.id : null,
          }),
        );
      }
    }
    schedule();
  };
  const schedule = () => {
    const ms = everyMs.min + Math.round(random() * (everyMs.max - everyMs.min));
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  schedule();
  return () => clearTimeout(timer);
}
