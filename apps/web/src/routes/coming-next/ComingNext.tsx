import type { ReactNode } from 'react';
import * as l from '../../ui/layout.css.ts';
import * as s from './ComingNext.css.ts';

/** An honest placeholder for a screen of a later issue: the route and tab bar work, the content is not built yet. */
export function ComingNext({ title, what, children }: { title: string; what: string; children?: ReactNode }) {
  return (
    <div className={l.screen}>
      <header className={l.topBar}>
        <h1 className={l.topTitle}>{title}</h1>
      </header>
      <section className={s.body} aria-label={`${title}: coming next`}>
        <p className={s.badge}>Coming next</p>
        <p className={s.text}>{what}</p>
        {children}
      </section>
    </div>
  );
}
