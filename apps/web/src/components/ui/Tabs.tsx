import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import * as s from './Tabs.css.ts';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

/** Tabs from their labels by key, in order: `tabItems({ sent: 'Sent', received: 'Received' })`. */
export function tabItems<K extends string>(labels: Record<K, string>): readonly TabItem<K>[] {
  return (Object.keys(labels) as K[]).map((key) => ({ key, label: labels[key] }));
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the selected tab is in the tab order. */
export function Tabs<K extends string>({
  label,
  tabs,
  value,
  onChange,
  children,
}: {
  label: string;
  tabs: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  children: ReactNode;
}) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = tabs.findIndex((t) => t.key === value);

  // On a phone the six profile tabs overflow: keep the chosen one in view (not on first render,
  // which would scroll the page down to the tabs).
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current) refs.current[index]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    mounted.current = true;
  }, [index]);

  const onKeyDown = (event: KeyboardEvent) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    onChange(tab.key);
    refs.current[next]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className={s.list} onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === value}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === value ? 0 : -1}
            className={s.tab}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${value}`} className={s.panel}>
        {children}
      </div>
    </div>
  );
}
