interface Lasting {
  success: true;
  message: string;
  data: unknown;
}
/** The envelope made once per frozen `data` (see `lastingOk`). */
const envelopes = new WeakMap<object, Lasting>();

/**
 * `{ success: true, message: 'OK', data }` for `data` that never changes (deeply frozen, such as a
 * cached list the store hands out until it changes): the same frozen envelope for the same `data`,
 * so an adapter can serialize and tag it once, however often it is sent (the Express adapter's
 * `writeJson` does).
 */
export function lastingOk<T extends object>(data: T): { success: true; message: string; data: T } {
  if (!Object.isFrozen(data)) return { success: true, message: 'OK', data };
  let envelope = envelopes.get(data);
  if (!envelope) {
    envelope = Object.freeze({ success: true as const, message: 'OK', data });
    envelopes.set(data, envelope);
  }
  return envelope as { success: true; message: string; data: T };
}

/** Whether `obj` is an envelope `lastingOk` made (and so never changes). */
export function isLasting(obj: unknown): obj is Lasting {
  return typeof obj === 'object' && obj !== null && envelopes.get((obj as Lasting).data as object) === obj;
}
