/** Lets the process exit while `timer` waits (Node); browsers have no such notion, so nothing there. */
export function unref<T>(timer: T): T {
  (timer as { unref?: () => void }).unref?.();
  return timer;
}
