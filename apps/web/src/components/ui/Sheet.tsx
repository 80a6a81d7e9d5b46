import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './Button.tsx';
import { useBackCloses } from './back-closes.ts';
import * as s from './Sheet.css.ts';

const FOCUSABLE = 'input, select, textarea, button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog shown as a bottom sheet or full screen. Escape, the backdrop and the browser's Back
 * close it; focus moves inside on open, is kept inside with Tab, and returns to the opener on close.
 */
export function Sheet({
  title,
  onClose,
  variant = 'bottom',
  children,
  footer,
  headerAction,
  closeLabel,
  inUrl = false,
}: {
  title: string;
  onClose: () => void;
  variant?: keyof typeof s.panel;
  children: ReactNode;
  footer?: ReactNode;
  headerAction?: ReactNode;
  /** A button in the header that closes the sheet, with this label ("Cancel", "Close"). */
  closeLabel?: string;
  /** Its being open is already a history entry of the caller's (in the URL or its state): Back closes it there. */
  inUrl?: boolean;
}) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useBackCloses(onClose, !inUrl);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    (panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel)?.focus();
    return () => opener?.focus?.();
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    // A combobox inside uses Escape first (close its list, clear its text) and marks the event handled.
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.stopPropagation();
      closeRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop closes on click; the keyboard path is Escape.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape (handled on the dialog) is the keyboard equivalent.
    <div
      className={s.overlay}
      onClick={(event) => {
        if (event.target === event.currentTarget) closeRef.current();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={s.panel[variant]}
        onKeyDown={onKeyDown}
      >
        <div className={s.header}>
          <h2 id={titleId} className={s.title}>
            {title}
          </h2>
          {headerAction}
          {closeLabel && (
            <Button variant="ghost" small onClick={onClose}>
              {closeLabel}
            </Button>
          )}
        </div>
        <div className={s.body} data-keep-scroll={title}>
          {children}
        </div>
        {footer && <div className={s.footer}>{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
