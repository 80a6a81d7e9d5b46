import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Back and Forward return every list to where it was on that history entry: the window and each
 * scroller marked `data-keep-scroll="<name>"` (a full-screen sheet's body). A place is saved as a
 * navigation starts, before the next screen replaces this one; it is put back once the screen has
 * grown tall enough (lists fill in from the cache or the network after the first paint).
 */

type Places = Map<string, number>;
const WINDOW = '';
const saved = new Map<string, Places>();
/** How long a restore waits for a screen to grow tall enough. */
const PATIENCE_MS = 4000;

function readPlaces(): Places {
  const places: Places = new Map([[WINDOW, window.scrollY]]);
  for (const el of document.querySelectorAll<HTMLElement>('[data-keep-scroll]')) {
    places.set(el.dataset.keepScroll ?? '', el.scrollTop);
  }
  return places;
}

/** Saves the places of the entry being left; call once with the app's router. */
export function keepScrollPlaces(router: {
  state: { location: { key: string } };
  subscribe: (listener: (state: { location: { key: string } }) => void) => () => void;
}): () => void {
  let key = router.state.location.key;
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  return router.subscribe((state) => {
    if (state.location.key === key) return;
    // Subscribers run before React renders the next screen: the page still shows the one being left.
    saved.set(key, readPlaces());
    key = state.location.key;
  });
}

/** Puts `places` back as the page grows, until each is reached, the person scrolls, or time is up. */
function restore(places: Places): () => void {
  const left = new Map(places);
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
      window.removeEventListener(type, stop, true);
    }
  };
  const step = () => {
    for (const [name, top] of left) {
      const el =
        name === WINDOW
          ? document.scrollingElement
          : document.querySelector<HTMLElement>(`[data-keep-scroll="${CSS.escape(name)}"]`);
      if (!el) continue;
      if (el.scrollHeight - el.clientHeight >= top) {
        el.scrollTop = top;
        if (Math.abs(el.scrollTop - top) <= 1) left.delete(name);
      }
    }
    if (left.size > 0 && performance.now() - started < PATIENCE_MS) frame = requestAnimationFrame(step);
    else stop();
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
    window.addEventListener(type, stop, { capture: true, passive: true });
  }
  step();
  return stop;
}

/** In the app's shell: restores on Back/Forward; a new screen starts at the top. */
export function useScrollMemory(): void {
  const location = useLocation();
  const type = useNavigationType();
  const previous = useRef({ key: location.key, pathname: location.pathname });

  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { key: location.key, pathname: location.pathname };
    if (before.key === location.key) return;
    if (type === 'POP') {
      const places = saved.get(location.key);
      if (places) return restore(places);
    } else if (type === 'PUSH' && before.pathname !== location.pathname) {
      window.scrollTo(0, 0);
    }
  }, [location.key, location.pathname, type]);
}
