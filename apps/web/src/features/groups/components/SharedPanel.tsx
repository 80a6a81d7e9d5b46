import * as l from '@/components/ui/layout.css.ts';
import { MediaPanel } from '@/components/ui/MediaPanel.tsx';
import { type ChannelMediaKind, useChannelMedia } from '../api/channel-media.ts';

export type SharedTab = 'media' | 'files' | 'link' | 'gif';

const KINDS: Record<SharedTab, { kind: ChannelMediaKind; label: string; empty: string }> = {
  media: { kind: 'image', label: 'Photos', empty: 'No photos shared in this group yet.' },
  files: { kind: 'file', label: 'Files', empty: 'No files shared in this group yet.' },
  link: { kind: 'link', label: 'Links', empty: 'No links shared in this group yet.' },
  gif: { kind: 'gif', label: 'GIFs', empty: 'No GIFs shared in this group yet.' },
};

/** The Media, Files, Link and GIF tabs: what the group's members shared (`listChannelMedia`), paged. */
export function SharedPanel({ id, tab, member }: { id: string; tab: SharedTab; member: boolean }) {
  const { kind, label, empty } = KINDS[tab];
  const query = useChannelMedia(id, kind, member);
  if (!member) return <p className={l.muted}>Join the group to see what its members shared.</p>;
  return <MediaPanel key={tab} query={query} kind={kind} label={label} empty={empty} />;
}
