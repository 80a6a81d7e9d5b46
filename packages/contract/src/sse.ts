import http from 'node:http';
import https from 'node:https';

/** One Server-Sent Event as read off the wire; `at` is ms since the stream opened. */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
  at: number;
}

/**
 * An open `text/event-stream`, read as it arrives: its events, its comment lines (keep-alives)
 * and whether the server ended it. Always closed by the caller (or by `maxMs`), so a run never hangs.
 */
export class SseStream {
  readonly events: SseEvent[] = [];
  /** When each comment line (`: keep-alive`) arrived, ms since open. */
  readonly comments: number[] = [];
  status = 0;
  contentType = '';
  ended = false;
  text = '';
  private readonly opened = performance.now();
  private readonly waiters = new Set<() => void>();
  private request?: http.ClientRequest;
  private timer?: NodeJS.Timeout;

  /** Opens the stream; resolves once the status and headers arrived (or the request failed). */
  static open(url: string, headers: Record<string, string>, maxMs: number): Promise<SseStream> {
    const stream = new SseStream();
    return new Promise((resolve) => {
      const target = new URL(url);
      const req = (target.protocol === 'https:' ? https : http).request(target, { headers }, (res) => {
        stream.status = res.statusCode ?? 0;
        stream.contentType = String(res.headers['content-type'] ?? '');
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          stream.text += chunk.slice(0, 100_000 - stream.text.length);
          buffer += chunk;
          const blocks = buffer.split(/\r?\n\r?\n/);
          buffer = blocks.pop() ?? '';
          for (const block of blocks) stream.parse(block);
        });
        res.on('end', () => stream.finish());
        res.on('close', () => stream.finish());
        res.on('error', () => stream.finish());
        resolve(stream);
      });
      stream.request = req;
      req.on('error', () => {
        stream.finish();
        resolve(stream);
      });
      stream.timer = setTimeout(() => stream.close(), maxMs);
      req.end();
    });
  }

  get elapsed(): number {
    return performance.now() - this.opened;
  }

  private parse(block: string): void {
    const at = this.elapsed;
    const event: SseEvent = { event: 'message', data: '', at };
    let hasField = false;
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith(':')) {
        this.comments.push(at);
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      hasField = true;
      if (field === 'event') event.event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') event.id = value;
    }
    // As EventSource does: a block without data (a `retry:` line, say) dispatches no event.
    if (!hasField || data.length === 0) return;
    event.data = data.join('\n');
    this.events.push(event);
    this.wake();
  }

  private wake(): void {
    for (const w of this.waiters) w();
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.timer);
    this.wake();
  }

  /** Waits until `done()` holds or the stream ends, at most `ms`; returns whether it holds. */
  async until(done: () => boolean, ms: number): Promise<boolean> {
    if (done()) return true;
    await new Promise<void>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const finish = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const check = () => (done() || this.ended ? finish() : undefined);
      timer = setTimeout(finish, ms);
      this.waiters.add(check);
    });
    return done();
  }

  /** Waits up to `ms` for the server to end the stream; true if it did. */
  async endsWithin(ms: number): Promise<boolean> {
    return this.until(() => this.ended, ms);
  }

  close(): void {
    this.request?.destroy();
    this.finish();
  }
}
