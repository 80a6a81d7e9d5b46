import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useBackCloses } from './back-closes.ts';
import { Icon } from './Icon.tsx';
import * as s from './ImageViewer.css.ts';

export interface ViewerImage {
  url: string;
  /** What the image shows or who sent it, read out and shown as the caption. */
  alt: string;
}

/** How far (px) a horizontal swipe must travel to turn the page. */
const SWIPE = 48;

/**
 * A full-screen viewer over a list of images: arrow keys, the buttons or a swipe move between
 * them, Escape, Close or the browser's Back closes. Focus moves inside on open, stays inside with Tab and returns to
 * the opener on close.
 */
export function ImageViewer({
  images,
  start,
  onClose,
}: {
  images: readonly ViewerImage[];
  start: number;
  onClose: () => void;
}) {
  const [index, setIndex] = useState(() => Math.min(Math.max(start, 0), Math.max(images.length - 1, 0)));
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const swipeFrom = useRef<number | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useBackCloses(onClose);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    return () => opener?.focus?.();
  }, []);

  // Reaching the first or last image disables the button that had focus: keep focus in the dialog.
  useEffect(() => {
    if (index >= 0 && (document.activeElement as HTMLButtonElement | null)?.disabled) ref.current?.focus();
  }, [index]);

  const image = images[index];
  if (!image) return null;
  const last = images.length - 1;
  const go = (to: number) => setIndex(Math.min(Math.max(to, 0), last));

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
    } else if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'Tab' && ref.current) {
      const items = [...ref.current.querySelectorAll<HTMLElement>('button:not([disabled])')];
      const first = items[0];
      const end = items[items.length - 1];
      if (!first || !end) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        end.focus();
      } else if (!event.shiftKey && document.activeElement === end) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  return createPortal(
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-label="Image viewer"
      tabIndex={-1}
      className={s.overlay}
      onKeyDown={onKeyDown}
      onPointerDown={(e) => {
        swipeFrom.current = e.clientX;
      }}
      onPointerUp={(e) => {
        const from = swipeFrom.current;
        swipeFrom.current = null;
        if (from === null) return;
        const dx = e.clientX - from;
        if (dx <= -SWIPE) go(index + 1);
        else if (dx >= SWIPE) go(index - 1);
      }}
    >
      <div className={s.bar}>
        <span className={s.caption} aria-live="polite">
          {images.length > 1 ? `${index + 1} of ${images.length} · ` : ''}
          {image.alt}
        </span>
        <button ref={closeRef} type="button" className={s.control} aria-label="Close" onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      <div className={s.stage}>
        {images.length > 1 && (
          <button
            type="button"
            className={s.control}
            aria-label="Previous image"
            disabled={index === 0}
            onClick={() => go(index - 1)}
          >
            <Icon name="back" />
          </button>
        )}
        <img key={image.url} className={s.image} src={image.url} alt={image.alt} draggable={false} />
        {images.length > 1 && (
          <button
            type="button"
            className={s.next}
            aria-label="Next image"
            disabled={index === last}
            onClick={() => go(index + 1)}
          >
            <Icon name="back" />
          </button>
        )}
      </div>
    </div>,
    document.body,
  );
}
