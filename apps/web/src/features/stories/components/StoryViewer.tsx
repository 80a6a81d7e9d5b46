import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from '@/components/ui/Icon.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { timeAgo } from '@/lib/dates.ts';
import { personName } from '@/lib/format.ts';
import { backgroundColour } from '../background.ts';
import { firstUnseen, STORY_MS, type StoryGroup, stepStory } from '../story-order.ts';
import { Face } from './StoryRings.tsx';
import * as s from './stories.css.ts';

/** Movement (px) that makes a press a swipe rather than a tap; a press longer than HOLD_MS is a hold (pause). */
const SWIPE_PX = 80;
const TAP_PX = 20;
const HOLD_MS = 300;

/**
 * The full-screen story viewer: progress bars for the person's stories, tap right/left for the
 * next/previous (on to the next person at the end), hold to pause, swipe down or Escape to close.
 * Each story shown is marked seen. The people's order is the one the viewer opened with, so a
 * ring moving (seen now) does not move the viewer.
 */
export function StoryViewer({
  groups,
  startUserId,
  me,
  onSeen,
  onDelete,
  onClose,
}: {
  groups: readonly StoryGroup[];
  startUserId: string;
  me: string | null;
  onSeen: (storyId: string) => void;
  onDelete: (storyId: string) => Promise<string | null>;
  onClose: () => void;
}) {
  // Closing goes Back in history: once only, however many timers or effects ask.
  const closed = useRef(false);
  const close = useCallback(() => {
    if (closed.current) return;
    closed.current = true;
    onClose();
  }, [onClose]);
  const [order] = useState(() => groups.map((g) => g.user.id));
  const people = order.flatMap((id) => groups.filter((g) => g.user.id === id));
  const [at, setAt] = useState(() => {
    const person = Math.max(
      0,
      people.findIndex((g) => g.user.id === startUserId),
    );
    const group = people[person];
    return { person, story: group ? firstUnseen(group) : 0 };
  });
  // Held down (a press) or stopped (Space): either keeps the clock still.
  const [pressed, setPressed] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const press = useRef<{ x: number; y: number; t: number } | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const group = people[at.person];
  const story = group?.stories[Math.min(at.story, group.stories.length - 1)];
  const storyId = story?.id;
  const paused = pressed || stopped;
  const held = paused || confirming;

  const go = useCallback(
    (step: 1 | -1) => {
      const next = stepStory(people, at, step);
      if (!next) close();
      else {
        setAt(next);
        setElapsed(0);
      }
    },
    [people, at, close],
  );

  useEffect(() => stage.current?.focus(), []);
  useEffect(() => {
    if (!group || !story) close();
  }, [group, story, close]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: seen once per story shown
  useEffect(() => {
    if (story && !story.seen) onSeen(story.id);
  }, [storyId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the clock restarts for each story
  useEffect(() => {
    if (held) return;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      setElapsed((e) => e + now - last);
      last = now;
    }, 50);
    return () => clearInterval(timer);
  }, [held, storyId]);
  useEffect(() => {
    if (elapsed >= STORY_MS) go(1);
  }, [elapsed, go]);

  if (!group || !story) return null;
  const mine = group.user.id === me;
  const fraction = Math.min(1, elapsed / STORY_MS);

  const onPointerDown = (e: PointerEvent) => {
    press.current = { x: e.clientX, y: e.clientY, t: performance.now() };
    setPressed(true);
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = press.current;
    press.current = null;
    setPressed(false);
    if (!start) return;
    const dy = e.clientY - start.y;
    if (dy > SWIPE_PX) return close();
    const tap =
      performance.now() - start.t < HOLD_MS && Math.abs(dy) < TAP_PX && Math.abs(e.clientX - start.x) < TAP_PX;
    if (!tap) return;
    const box = stage.current?.getBoundingClientRect();
    go(box && e.clientX < box.left + box.width / 3 ? -1 : 1);
  };
  const stop = (e: PointerEvent) => e.stopPropagation();

  return createPortal(
    <div className={s.viewer}>
      <div
        ref={stage}
        className={s.stage}
        role="dialog"
        aria-modal="true"
        aria-label={`Stories of ${mine ? 'you' : personName(group.user)}`}
        tabIndex={-1}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          press.current = null;
          setPressed(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            close();
          } else if (e.key === 'ArrowRight') go(1);
          else if (e.key === 'ArrowLeft') go(-1);
          else if (e.key === ' ') {
            e.preventDefault();
            setStopped((p) => !p);
          }
        }}
      >
        <div className={s.bars} aria-hidden="true">
          {group.stories.map((st, i) => (
            <span key={st.id} className={s.bar}>
              <span
                className={s.barFill}
                style={{ width: `${(i < at.story ? 1 : i === at.story ? fraction : 0) * 100}%` }}
              />
            </span>
          ))}
        </div>
        <div className={s.top}>
          <span style={{ width: 36, height: 36, display: 'inline-grid' }}>
            <Face user={group.user} />
          </span>
          <span style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <span className={s.topName} dir="auto">
              {mine ? 'Your story' : personName(group.user)}
            </span>
            <span className={s.topTime}>
              <time dateTime={story.created_at}>{timeAgo(story.created_at)}</time> · {at.story + 1} of{' '}
              {group.stories.length}
            </span>
          </span>
          {mine && (
            <button
              type="button"
              className={s.iconButton}
              onPointerDown={stop}
              onPointerUp={stop}
              onClick={() => setConfirming(true)}
            >
              Delete
            </button>
          )}
          <button type="button" className={s.iconButton} onPointerDown={stop} onPointerUp={stop} onClick={close}>
            <Icon name="close" />
            <span className={l.visuallyHidden}>Close stories</span>
          </button>
        </div>
        <div className={s.content} aria-live="polite">
          {story.kind === 'image' && story.image ? (
            <img className={s.photo} src={story.image.url} alt={`Shared by ${mine ? 'you' : personName(group.user)}`} />
          ) : (
            <p className={s.card} style={{ background: backgroundColour(story.background), margin: 0 }} dir="auto">
              {story.text}
            </p>
          )}
        </div>
        {confirming && (
          <fieldset className={s.confirm} onPointerDown={stop} onPointerUp={stop}>
            <legend className={l.visuallyHidden}>Delete this story?</legend>
            <p style={{ margin: 0 }}>Delete this story? It goes for everyone at once.</p>
            {error && <p role="alert">{error}</p>}
            <span className={l.row}>
              <button type="button" className={s.confirmButton} onClick={() => setConfirming(false)}>
                Cancel
              </button>
              <button
                type="button"
                className={s.confirmDanger}
                onClick={async () => {
                  const failed = await onDelete(story.id);
                  if (failed) setError(`Could not delete: ${failed}`);
                  else setConfirming(false);
                }}
              >
                Delete
              </button>
            </span>
          </fieldset>
        )}
        {paused && !confirming && <p className={s.paused}>Paused</p>}
      </div>
    </div>,
    document.body,
  );
}
