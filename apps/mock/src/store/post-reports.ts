import { HttpError } from '../lib/http-error.ts';
import { listCollection } from './collection.ts';
import type { StoreCore } from './core.ts';
import { contractRecord, str } from './row-schema.ts';
import type { StoredPostReport } from './types.ts';

export const POST_REPORTS = listCollection({
  name: 'post_report',
  place: { part: 'feed', field: 'reports' },
  item: (doc) => contractRecord(doc, 'PostReport', { required: { user_id: str } }),
  read: (areas: { readonly posts: { readonly reports: PostReports } }, key) => areas.posts.reports.get(Number(key)),
});

/** Reports on posts, for the moderators: one per person and post. */
export class PostReports {
  private readonly byId = new Map<number, StoredPostReport>();

  constructor(
    private readonly core: StoreCore,
    reports: StoredPostReport[],
  ) {
    for (const r of reports) this.byId.set(r.id, r);
  }

  all(): StoredPostReport[] {
    return [...this.byId.values()];
  }

  get(id: number): StoredPostReport | undefined {
    return this.byId.get(id);
  }

  /** `postId` must be a post the user may see (the caller checks); a second report is 409. */
  file(userId: string, postId: string, reason: StoredPostReport['reason'], details?: string) {
    for (const r of this.byId.values())
      if (r.post_id === postId && r.user_id === userId) throw HttpError.conflict('You already reported this post.');
    const report: StoredPostReport = {
      id: this.core.nextId('post_report'),
      post_id: postId,
      user_id: userId,
      reason,
      details: details ?? null,
      created_at: this.core.now().toISOString(),
    };
    this.core.touch(POST_REPORTS, String(report.id));
    this.byId.set(report.id, report);
    const { user_id: _user, ...view } = report;
    return view;
  }
}
