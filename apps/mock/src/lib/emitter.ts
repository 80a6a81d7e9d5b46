type Listener = (...args: unknown[]) => void;

/** A tiny typed event emitter (node:events' `on`/`off`/`emit`, without Node): listeners run in order, synchronously. */
export class Emitter<Events extends Record<string, unknown[]>> {
  readonly #listeners = new Map<keyof Events, Set<Listener>>();

  on<K extends keyof Events>(event: K, listener: (...args: Events[K]) => void): this {
    let set = this.#listeners.get(event);
    if (!set) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener as unknown as Listener);
    return this;
  }

  off<K extends keyof Events>(event: K, listener: (...args: Events[K]) => void): this {
    this.#listeners.get(event)?.delete(listener as unknown as Listener);
    return this;
  }

  emit<K extends keyof Events>(event: K, ...args: Events[K]): boolean {
    const set = this.#listeners.get(event);
    if (!set || set.size === 0) return false;
    for (const listener of [...set]) (listener as unknown as (...a: Events[K]) => void)(...args);
    return true;
  }

  listenerCount<K extends keyof Events>(event: K): number {
    return this.#listeners.get(event)?.size ?? 0;
  }
}
