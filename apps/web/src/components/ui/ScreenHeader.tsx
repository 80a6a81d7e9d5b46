import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from './Button.tsx';
import { Icon } from './Icon.tsx';
import * as s from './ScreenHeader.css.ts';

/**
 * A screen's top bar: Back on the left, the title (and a subtitle) centred on the screen whatever
 * stands beside it, actions on the right. With `titleTo` the title is a link (a chat's to its profile).
 */
export function ScreenHeader({
  title,
  subtitle,
  onBack,
  backLabel = 'Back',
  actions,
  titleTo,
  titleHint,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  onBack?: () => void;
  backLabel?: string;
  actions?: ReactNode;
  titleTo?: string;
  /** The link's tooltip, with `titleTo`. */
  titleHint?: string;
}) {
  const startRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  // Both sides take the wider slot's width, so the title's centre is the screen's.
  const [side, setSide] = useState<number | null>(null);

  useLayoutEffect(() => {
    const measure = () => setSide(Math.max(startRef.current?.offsetWidth ?? 0, endRef.current?.offsetWidth ?? 0));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    for (const el of [startRef.current, endRef.current]) if (el) observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const heading = (
    <>
      <h1 className={s.title} dir="auto">
        {title}
      </h1>
      {subtitle && <span className={s.subtitle}>{subtitle}</span>}
    </>
  );
  return (
    <header
      className={s.bar}
      style={side === null ? undefined : { gridTemplateColumns: `${side}px minmax(0, 1fr) ${side}px` }}
    >
      <div ref={startRef} className={s.start}>
        {onBack && (
          <Button variant="ghost" aria-label={backLabel} onClick={onBack}>
            <Icon name="back" />
          </Button>
        )}
      </div>
      {titleTo ? (
        <Link to={titleTo} className={s.middle} title={titleHint}>
          {heading}
        </Link>
      ) : (
        <div className={s.middle}>{heading}</div>
      )}
      <div ref={endRef} className={s.end}>
        {actions}
      </div>
    </header>
  );
}
