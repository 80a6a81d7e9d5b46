/**
 * The mock's one clock: token expiry reads it, and `POST /__mock/clock` moves it forward so a test
 * can see a token expire without waiting 30 days.
 */
export class MockClock {
  #offsetMs = 0;

  /** The mock's time in epoch milliseconds (what a comparison needs, without a `Date` made for it). */
  readonly nowMs = (): number => Date.now() + this.#offsetMs;

  readonly now = (): Date => new Date(this.nowMs());

  advance(ms: number): void {
    this.#offsetMs += ms;
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }
}
