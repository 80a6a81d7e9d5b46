/** A mail the mock would have sent (it has no mail server): kept in the outbox, `GET /__mock/mail`. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The link the mail is about (a password reset). */
  link: string;
  sent_at: string;
}

/** The mails the mock would have sent, newest first; the oldest go once there are `max`. */
export class Outbox {
  readonly #mails: Mail[] = [];

  constructor(private readonly max = 500) {}

  send(mail: Mail): void {
    this.#mails.unshift(mail);
    if (this.#mails.length > this.max) this.#mails.pop();
  }

  /** Newest first; only those to `to` (case-insensitive) when given. */
  list(to?: string): Mail[] {
    const wanted = to?.trim().toLowerCase();
    return wanted ? this.#mails.filter((m) => m.to.toLowerCase() === wanted) : [...this.#mails];
  }

  clear(): void {
    this.#mails.length = 0;
  }
}
