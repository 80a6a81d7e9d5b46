/**
 * Every operation's handler, registered in the engine's table: the composition roots (the Express
 * app, the fetch engine's adapters) pass this to the engine, which never imports a route.
 */
import type { RegisterRoutes } from '../engine/core.ts';
import { accountRoutes } from './account.ts';
import { authRoutes } from './auth.ts';
import { blocksRoutes } from './blocks.ts';
import { callsRoutes } from './calls.ts';
import { channelsRoutes } from './channels.ts';
import { clubsRoutes } from './clubs.ts';
import { connectionsRoutes } from './connections.ts';
import { directionsRoutes } from './directions.ts';
import { directoryRoutes } from './directory.ts';
import { eventsRoutes } from './events.ts';
import { experiencesRoutes } from './experiences.ts';
import { feedRoutes } from './feed.ts';
import { groupsRoutes } from './groups.ts';
import { interestsRoutes } from './interests.ts';
import { mediaRoutes } from './media.ts';
import { messagesRoutes } from './messages.ts';
import { nearbyRoutes } from './nearby.ts';
import { notesRoutes } from './notes.ts';
import { notificationsRoutes } from './notifications.ts';
import { resourcesRoutes } from './resources.ts';
import { savedListsRoutes } from './saved-lists.ts';
import { streamRoutes } from './stream.ts';
import { usersRoutes } from './users.ts';

export const registerRoutes: RegisterRoutes = (ctx, { options, limiters, outbox, media, realtime, tickets }) => {
  authRoutes(ctx, {
    seededPasswordHash: options.seededPasswordHash,
    loginLimiters: limiters.login,
    registerLimiters: limiters.register,
    passwordResetLimiters: limiters.passwordReset,
    outbox,
    webOrigin: options.webOrigin ?? 'http://localhost:5173',
    mailOrigins: options.mailOrigins ?? [],
    ...(options.onMail ? { onMail: options.onMail } : {}),
  });
  resourcesRoutes(ctx);
  notesRoutes(ctx);
  clubsRoutes(ctx);
  interestsRoutes(ctx);
  directionsRoutes(ctx);
  experiencesRoutes(ctx);
  channelsRoutes(ctx);
  groupsRoutes(ctx);
  savedListsRoutes(ctx);
  directoryRoutes(ctx, limiters.directory);
  connectionsRoutes(ctx);
  blocksRoutes(ctx);
  nearbyRoutes(ctx, limiters.directory);
  callsRoutes(ctx, options.iceServers ?? []);
  feedRoutes(ctx);
  accountRoutes(ctx, {
    seededPasswordHash: options.seededPasswordHash,
    passwordCheckLimiters: limiters.passwordCheck,
  });
  notificationsRoutes(ctx);
  messagesRoutes(ctx);
  eventsRoutes(ctx);
  usersRoutes(ctx, limiters.directory);
  mediaRoutes(ctx, media);
  streamRoutes(ctx, realtime, tickets);
};
