import { expect } from 'vitest';
import type { Account, AreaWriter } from './api.ts';

/** The reset link's token in the newest mail the mock "sent" to `email`. */
const resetToken = async (baseUrl: string, email: string) => {
  const res = await fetch(`${baseUrl}/__mock/mail?to=${encodeURIComponent(email)}`);
  const [mail] = ((await res.json()) as { data: { link: string }[] }).data;
  return new URL(mail?.link ?? 'http://x/').searchParams.get('token') ?? '';
};

/**
 * Accounts and sessions: registration, profile fields, every way a token ends (sign-out by POST and
 * by GET, one session, every other session, a password change, a password reset), a reset link not
 * yet used, and a deleted account.
 */
export const writeAccounts: AreaWriter = async (http) => {
  const a = await http.register('Ada');
  const b = await http.register('Bo');
  const c = await http.register('Cy');
  const d = await http.register('Di');
  const gone = await http.register('Ed');

  await http.call('PATCH', '/api/v1/users/me', a.token, {
    phone: '+1 555 0100',
    description: 'Kept across kill -9',
    emails: ['ada.other@cohort.test'],
  });
  const postOut = await http.login(a);
  const getOut = await http.login(a);
  const ended = await http.login(a);
  const changed = await http.login(a);
  await http.call('POST', '/api/v1/logout', postOut);
  await http.call('GET', '/api/v1/logout', getOut);
  const endedId = (await http.call<{ id: string; current: boolean }[]>('GET', '/api/v1/users/me/sessions', ended)).find(
    (s) => s.current,
  )?.id;
  await http.call('DELETE', `/api/v1/users/me/sessions/${endedId}`, a.token);
  await http.call('PUT', '/api/v1/users/me/password', a.token, {
    current_password: a.password,
    password: 'changed-pass-1',
    password_confirmation: 'changed-pass-1',
  });

  const bOther = await http.login(b);
  await http.call('DELETE', '/api/v1/users/me/sessions', b.token);

  await http.call('POST', '/api/v1/password/forgot', undefined, { email: c.email });
  await http.call('POST', '/api/v1/password/reset', undefined, {
    token: await resetToken(http.baseUrl, c.email),
    password: 'reset-pass-1',
    password_confirmation: 'reset-pass-1',
  });
  // A link asked for before the crash and used after it.
  await http.call('POST', '/api/v1/password/forgot', undefined, { email: d.email });
  const pending = await resetToken(http.baseUrl, d.email);

  await http.call('POST', '/api/v1/users/me/delete', gone.token, { password: gone.password });

  return {
    views: {
      me: { token: a.token, path: '/api/v1/users/me' },
      sessions: { token: a.token, path: '/api/v1/users/me/sessions' },
      postOut: { token: postOut, path: '/api/v1/users/me', status: 401 },
      getOut: { token: getOut, path: '/api/v1/users/me', status: 401 },
      ended: { token: ended, path: '/api/v1/users/me', status: 401 },
      changed: { token: changed, path: '/api/v1/users/me', status: 401 },
      bKept: { token: b.token, path: '/api/v1/users/me' },
      bOther: { token: bOther, path: '/api/v1/users/me', status: 401 },
      cBeforeReset: { token: c.token, path: '/api/v1/users/me', status: 401 },
      dKept: { token: d.token, path: '/api/v1/users/me' },
      gone: { token: gone.token, path: '/api/v1/users/me', status: 401 },
      goneProfile: { token: b.token, path: `/api/v1/users/${gone.id}`, status: 404 },
    },
    check: (seen) => {
      expect(seen.me).toMatchObject({
        data: { id: a.id, phone: '+1 555 0100', description: 'Kept across kill -9', emails: ['ada.other@cohort.test'] },
      });
      // The password change kept only the session that made it.
      expect(seen.sessions).toMatchObject({ data: [{ current: true }], meta: { total: 1 } });
    },
    after: async (again) => {
      const signIn = (who: Account, password: string) =>
        again.send('POST', '/api/v1/login', undefined, { uniName: who.uniName, email: who.email, password });
      expect((await signIn(a, a.password)).status).toBe(401);
      expect((await signIn(a, 'changed-pass-1')).status).toBe(200);
      expect((await signIn(c, c.password)).status).toBe(401);
      expect((await signIn(c, 'reset-pass-1')).status).toBe(200);
      expect((await signIn(gone, gone.password)).status).toBe(401);
      expect((await signIn(b, b.password)).status).toBe(200);
      const reset = await again.send('POST', '/api/v1/password/reset', undefined, {
        token: pending,
        password: 'late-pass-1',
        password_confirmation: 'late-pass-1',
      });
      expect(reset.status).toBe(200);
      expect((await signIn(d, 'late-pass-1')).status).toBe(200);
    },
  };
};
