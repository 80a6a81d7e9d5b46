import { ok, type RouteContext, route } from '../engine/dispatch.ts';
import type { MediaPlatform } from '../engine/media.ts';
import { channelMedia, userMedia } from '../media/listing.ts';

/** `uploadMedia`, `listUserMedia`, `listChannelMedia`. */
export function mediaRoutes(ctx: RouteContext, platform: MediaPlatform): void {
  const { store } = ctx;
  route(ctx, 'uploadMedia', async ({ session, request }) => {
    await platform.sweep(store);
    const media = await platform.upload(request, store, session.user.id);
    return { status: 201, body: ok(store.media.view(media), 'Uploaded.') };
  });
  route(ctx, 'listUserMedia', ({ session, params, query }) => ({
    status: 200,
    body: {
      success: true as const,
      message: 'OK',
      ...userMedia(store, session.user.id, params.id, query.kind, query.cursor, query.limit ?? 30),
    },
  }));
  route(ctx, 'listChannelMedia', ({ session, params, query }) => ({
    status: 200,
    body: {
      success: true as const,
      message: 'OK',
      ...channelMedia(store, session.user.id, params.id, query.kind, query.cursor, query.limit ?? 30),
    },
  }));
}
