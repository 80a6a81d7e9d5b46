import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError, checkUpload, createUploader, type Media, UPLOAD_LIMITS, type UploadResult } from '../src/index.ts';

/** What a test's server does with one request: answer, fail, or wait (for progress and abort). */
type Script = (xhr: FakeXhr) => void;

/** The part of XMLHttpRequest the uploader uses, recording what it was given; the test plays the server. */
class FakeXhr {
  static script: Script = () => {};
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
    FakeXhr.script(this);
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const media: Media = {
  id: 'med_Q2n8Vx4Lp7Rk1Tz9',
  url: '/media/med_Q2n8Vx4Lp7Rk1Tz9/file.pdf',
  file_type: 2,
  name: 'cv.pdf',
  size: 5,
  mime: 'application/pdf',
};

function uploader(script: Script, token: string | null = 'tok-123') {
  FakeXhr.script = script;
  FakeXhr.last = undefined;
  const unauthorized: ApiError[] = [];
  const upload = createUploader({
    baseUrl: 'http://api.test',
    getToken: () => token,
    onUnauthorized: (e) => unauthorized.push(e),
    XMLHttpRequest: FakeXhr as unknown as new () => XMLHttpRequest,
  });
  return { upload, unauthorized };
}

const pdf = new File(['%PDF-'], 'cv.pdf', { type: 'application/pdf' });

describe('createUploader', () => {
  it('posts use then file as multipart with the token, reports progress, resolves to the Media', async () => {
    const progress: number[] = [];
    const { upload } = uploader((xhr) => {
      xhr.upload.onprogress?.({ loaded: 2, total: 5, lengthComputable: true });
      xhr.upload.onprogress?.({ loaded: 5, total: 5, lengthComputable: true });
      xhr.answer(201, { success: true, message: 'Uploaded.', data: media });
    });
    const { result } = upload({ use: 'resume', file: pdf, onProgress: (p) => progress.push(p.fraction) });
    const outcome = await result;
    expectTypeOf(outcome).toEqualTypeOf<UploadResult>();
    expect(outcome).toEqual({ data: media });
    expect(progress).toEqual([0.4, 1]);
    const xhr = FakeXhr.last;
    expect([xhr?.method, xhr?.url]).toEqual(['POST', 'http://api.test/api/v1/media']);
    expect(xhr?.headers.Authorization).toBe('Bearer tok-123');
    const parts: string[] = [];
    xhr?.body?.forEach((_value, key) => {
      parts.push(key);
    });
    expect(parts).toEqual(['use', 'file']);
    expect(xhr?.body?.get('use')).toBe('resume');
    expect((xhr?.body?.get('file') as File | undefined)?.name).toBe('cv.pdf');
  });

  it.each([
    [
      413,
      { success: false, message: 'The file is too large.', errors: { file: ['must be at most 10 MB for use resume'] } },
    ],
    [
      415,
      {
        success: false,
        message: 'This type of file is not allowed here.',
        errors: { file: ['image/svg+xml is not allowed'] },
      },
    ],
    [422, { success: false, message: 'The given data was invalid.', errors: { file: ['does not match'] } }],
    [503, 'Service Unavailable'],
  ])('resolves a %i to the same ApiError the client gives', async (status, body) => {
    const { upload } = uploader((xhr) => xhr.answer(status, body));
    const { error } = await upload({ use: 'resume', file: pdf }).result;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toEqual(ApiError.fromResponse(status, typeof body === 'string' ? undefined : body));
  });

  it('tells onUnauthorized about a 401 when a token was sent, and sends none when signed out', async () => {
    const signedIn = uploader((xhr) => xhr.answer(401, { success: false, message: 'Session expired.' }));
    await signedIn.upload({ use: 'resume', file: pdf }).result;
    expect(signedIn.unauthorized.map((e) => e.message)).toEqual(['Session expired.']);
    const signedOut = uploader((xhr) => xhr.answer(401, { success: false, message: 'Sign in.' }), null);
    await signedOut.upload({ use: 'resume', file: pdf }).result;
    expect(FakeXhr.last?.headers.Authorization).toBeUndefined();
    expect(signedOut.unauthorized).toEqual([]);
  });

  it('resolves a network failure and a cancel to status 0', async () => {
    const failing = uploader((xhr) => xhr.onerror?.());
    expect((await failing.upload({ use: 'resume', file: pdf }).result).error?.isNetworkError).toBe(true);
    const waiting = uploader(() => {});
    const handle = waiting.upload({ use: 'resume', file: pdf });
    handle.abort();
    const { error } = await handle.result;
    expect([error?.status, error?.message]).toEqual([0, 'The upload was cancelled.']);
  });

  it('refuses before sending what the contract would refuse (size, empty, type the browser reports)', async () => {
    const { upload } = uploader(() => {
      throw new Error('nothing should be sent');
    });
    const big = new Blob([new Uint8Array(5 * 1048576 + 1)], { type: 'image/png' });
    const tooBig = await upload({ use: 'avatar', file: big, name: 'me.png' }).result;
    expect([tooBig.error?.status, tooBig.error?.fieldError('file')]).toEqual([
      413,
      'must be at most 5 MB for use avatar',
    ]);
    const svg = new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' });
    expect((await upload({ use: 'avatar', file: svg }).result).error?.status).toBe(415);
    expect((await upload({ use: 'attachment', file: new File([], 'e.txt') }).result).error?.status).toBe(422);
    expect(FakeXhr.last).toBeUndefined();
  });
});

describe('checkUpload and UPLOAD_LIMITS', () => {
  it("equal the contract's x-upload-limits", () => {
    const doc = load(readFileSync(new URL('../../../openapi/openapi.yaml', import.meta.url), 'utf8'), {
      schema: CORE_SCHEMA,
    }) as { paths: { '/api/v1/media': { post: Record<string, unknown> } } };
    const limits = doc.paths['/api/v1/media'].post['x-upload-limits'] as Record<
      string,
      { max_bytes: number; types: string[] }
    >;
    const fromContract = Object.fromEntries(
      Object.entries(limits).map(([use, l]) => [use, { maxBytes: l.max_bytes, types: l.types }]),
    );
    expect(UPLOAD_LIMITS).toEqual(fromContract);
  });

  it.each([
    ['a file of exactly the limit', 'avatar', 5 * 1048576, 'image/jpeg', undefined],
    ['a file the browser has no type for', 'attachment', 10, '', undefined],
    ['image/jpg (a common alias)', 'avatar', 10, 'image/jpg', undefined],
    ['a PDF as an avatar', 'avatar', 10, 'application/pdf', 415],
    ['a résumé over 10 MB', 'resume', 10 * 1048576 + 1, 'application/pdf', 413],
  ] as const)('%s', (_name, use, size, type, status) => {
    expect(checkUpload(new Blob([new Uint8Array(size)], { type }), use)?.status).toBe(status);
  });
});
