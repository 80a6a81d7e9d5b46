import { useEffect, useRef, useState } from 'react';
import { AT_TOP_PX } from '../new-posts.ts';

/** Whether the page is scrolled to (near) its top; follows the window's scroll. */
export function useAtTop(): boolean {
  const [atTop, setAtTop] = useState(() => window.scrollY <= AT_TOP_PX);
  useEffect(() => {
    const onScroll = () => setAtTop(window.scrollY <= AT_TOP_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return atTop;
}

/** How far (px) the list must be pulled down at the top to refresh. */
export const PULL_TO_REFRESH_PX = 64;

/**
 * Pull-to-refresh on touch screens: a drag down while the page is at its very top shows how far it
 * has been pulled (`pull`, px, damped); letting go past PULL_TO_REFRESH_PX calls `onRefresh`.
 */
export function usePullToRefresh(onRefresh: () => void, enabled: boolean): number {
  const [pull, setPull] = useState(0);
  // The latest callback, without re-subscribing (a re-subscription mid-pull would forget the pull).
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;
  useEffect(() => {
    if (!enabled) return;
    let startY: number | null = null;
    let distance = 0;
    const onStart = (e: TouchEvent) => {
      startY = window.scrollY <= 0 && e.touches.length === 1 ? (e.touches[0]?.clientY ?? null) : null;
      distance = 0;
    };
    const onMove = (e: TouchEvent) => {
      if (startY === null) return;
      const dy = (e.touches[0]?.clientY ?? startY) - startY;
      distance = Math.max(0, Math.min(dy / 2, PULL_TO_REFRESH_PX * 1.5));
      setPull(distance);
    };
    const onEnd = () => {
      if (startY !== null && distance >= PULL_TO_REFRESH_PX) refresh.current();
      startY = null;
      distance = 0;
      setPull(0);
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, [enabled]);
  return pull;
}
