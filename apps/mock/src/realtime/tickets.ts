import { randomBytes, toBase64Url } from '../lib/crypto.ts';

export const TICKET_TTL_MS = 60_000;

/**
 * Stream tickets: EventSource cannot send an Authorization header, so a client trades its token
 * for a ticket (`createStreamTicket`) and opens the stream with `?ticket=`. A ticket is used once
 * and lives 60 s, so a URL that leaks (logs, history) is worthless by then. Kept in memory only.
 */
export class StreamTickets {
  readonly #tickets = new Map<string, { token: string; expires: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  issue(token: string): { ticket: string; expires_in: number } {
    this.#sweep();
    const ticket = toBase64Url(randomBytes(24));
    this.#tickets.set(ticket, { token, expires: this.now() + TICKET_TTL_MS });
    return { ticket, expires_in: TICKET_TTL_MS / 1000 };
  }

  /** The token the ticket stands for, once; undefined when unknown, used or expired. */
  redeem(ticket: string): string | undefined {
    const entry = this.#tickets.get(ticket);
    this.#tickets.delete(ticket);
    return entry && entry.expires >= this.now() ? entry.token : undefined;
  }

  #sweep(): void {
    const now = this.now();
    for (const [ticket, entry] of this.#tickets) if (entry.expires < now) this.#tickets.delete(ticket);
  }
}
