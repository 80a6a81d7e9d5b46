import type { RecordedExchange } from '@cohort/openapi/recording';
import { REDACTED } from './journal.ts';

interface HarPair {
  name: string;
  value: string;
}

/** The reason phrases a HAR viewer shows beside a status; another status goes without one. */
const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

const bytes = (text: string) => new TextEncoder().encode(text).byteLength;

function queryOf(path: string): HarPair[] {
  const q = path.indexOf('?');
  if (q === -1) return [];
  return path
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const decode = (s: string) => {
        try {
          return decodeURIComponent(s.replace(/\+/g, ' '));
        } catch {
          return s;
        }
      };
      return eq === -1
        ? { name: decode(pair), value: '' }
        : { name: decode(pair.slice(0, eq)), value: decode(pair.slice(eq + 1)) };
    });
}

function entry(exchange: RecordedExchange, startedAt: number, origin: string) {
  const headers: HarPair[] = Object.entries(exchange.headers ?? {}).map(([name, value]) => ({ name, value }));
  // Who sent it shows as having been signed in, never with what.
  if (exchange.as !== undefined) headers.push({ name: 'authorization', value: REDACTED });
  const requestText = exchange.body === undefined ? undefined : JSON.stringify(exchange.body);
  const answerText = exchange.answer === undefined ? undefined : JSON.stringify(exchange.answer);
  const mimeType = exchange.stream ? 'text/event-stream' : answerText === undefined ? '' : 'application/json';
  return {
    startedDateTime: new Date(startedAt + exchange.at_ms).toISOString(),
    time: exchange.duration_ms,
    request: {
      method: exchange.method,
      url: `${origin}${exchange.path}`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers,
      queryString: queryOf(exchange.path),
      ...(requestText === undefined
        ? {}
        : { postData: { mimeType: exchange.headers?.['content-type'] ?? 'application/json', text: requestText } }),
      headersSize: -1,
      bodySize: requestText === undefined ? 0 : bytes(requestText),
    },
    response: {
      status: exchange.status,
      statusText: STATUS_TEXT[exchange.status] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: mimeType ? [{ name: 'content-type', value: mimeType }] : [],
      content: {
        size: answerText === undefined ? 0 : bytes(answerText),
        mimeType,
        ...(answerText === undefined ? {} : { text: answerText }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: answerText === undefined ? (exchange.stream ? -1 : 0) : bytes(answerText),
    },
    cache: {},
    timings: { send: 0, wait: exchange.duration_ms, receive: 0 },
    // Custom fields of HAR 1.2 begin with an underscore.
    ...(exchange.operationId === null ? {} : { _operationId: exchange.operationId }),
  };
}

/** A recording as an HTTP Archive (HAR 1.2) other tools read: browsers' devtools, proxies, load testers. */
export function toHar(recording: { exchanges: RecordedExchange[]; startedAt: number; origin: string }) {
  return {
    log: {
      version: '1.2',
      creator: { name: 'Cohort mock', version: '1.0' },
      entries: recording.exchanges.map((exchange) => entry(exchange, recording.startedAt, recording.origin)),
      comment: 'Recorded by the Cohort mock; passwords, tokens and reset links redacted.',
    },
  };
}
