import { useState } from 'react';
import * as l from '@/components/ui/layout.css.ts';
import { initials, personName } from '@/lib/format.ts';
import type { StoryGroup } from '../story-order.ts';
import * as s from './stories.css.ts';

export function Face({ user }: { user: StoryGroup['user'] }) {
  const [broken, setBroken] = useState(false);
  return (
    <span className={s.face} aria-hidden="true">
      {user.profile_image && !broken ? (
        <img className={s.faceImage} src={user.profile_image} alt="" onError={() => setBroken(true)} />
      ) : (
        initials(personName(user, ''))
      )}
    </span>
  );
}

/**
 * The row of story rings atop Chats: mine first (or "Your story" to share one), then people with
 * stories I have not seen (coloured ring), then the rest (grey ring).
 */
export function StoryRings({
  groups,
  me,
  onOpen,
  onNew,
}: {
  groups: readonly StoryGroup[];
  me: string | null;
  onOpen: (userId: string) => void;
  onNew: () => void;
}) {
  const own = groups.find((g) => g.user.id === me);
  const others = groups.filter((g) => g.user.id !== me);
  const ringOf = (g: StoryGroup, name: string) => (
    <li key={g.user.id}>
      <button
        type="button"
        className={s.ringButton}
        onClick={() => onOpen(g.user.id)}
        data-seen={!g.has_unseen}
        aria-label={`${name}: ${g.stories.length} ${g.stories.length === 1 ? 'story' : 'stories'}${g.has_unseen ? ', not seen' : ', seen'}`}
      >
        <span className={g.has_unseen ? s.ring.unseen : s.ring.seen}>
          <Face user={g.user} />
        </span>
        <span className={s.label} dir="auto" aria-hidden="true">
          {name}
        </span>
      </button>
    </li>
  );
  return (
    <ul className={s.row} aria-label="Stories">
      {own && ringOf(own, 'Your story')}
      <li>
        <button type="button" className={s.ringButton} onClick={onNew}>
          <span className={s.ring.none}>
            <span className={s.face} aria-hidden="true">
              +
            </span>
          </span>
          <span className={s.label}>
            {own ? 'Add' : 'Your story'}
            <span className={l.visuallyHidden}>{own ? ' a story' : ': share a story'}</span>
          </span>
        </button>
      </li>
      {others.map((g) => ringOf(g, personName(g.user)))}
    </ul>
  );
}
