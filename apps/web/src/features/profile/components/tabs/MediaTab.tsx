import * as l from '../../../../components/ui/layout.css.ts';

/** Spec: Media is placeholder text only and fetches nothing. */
export function MediaTab() {
  return <p className={l.muted}>Photos and files shared with you will appear here.</p>;
}
