/**
 * The mock's one clock: token expiry reads it, and `POST /__mock/clock` moves it forward so a test
 * can see a token expire without waiting 30 days.
 */
export class MockClock {
  #offsetMs = 0;

  readonly now = (): Date => new Date(Date.now() + this.#offsetMs);

  advance(ms: number): void {
    this.#offsetMs += ms;
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }
}
