import { MediaPanel } from '@/components/ui/MediaPanel.tsx';
import { useUserMedia } from '../../api/user-media.ts';
import * as s from './tabs.css.ts';

/**
 * The profile's Media tab: the photos (a grid; tap opens the viewer) and the files (a list) the
 * user sent in messages. Their own profile shows all of it; another's, what was sent in groups both belong to.
 */
export function MediaTab({ owner, own }: { owner: string; own: boolean }) {
  const photos = useUserMedia(owner, 'image');
  const files = useUserMedia(owner, 'file');
  const empty = (what: string) =>
    own ? `You have not shared any ${what} yet.` : `No ${what} shared in groups you both belong to.`;
  return (
    <div className={s.tab}>
      <h3 className={s.heading}>Photos</h3>
      <MediaPanel query={photos} kind="image" label="Photos" empty={empty('photos')} />
      <h3 className={s.heading}>Files</h3>
      <MediaPanel query={files} kind="file" label="Files" empty={empty('files')} />
    </div>
  );
}
