import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKey, settle, useClient } from '@/lib/query.ts';
import type { ActionResult } from '@/lib/result.ts';
import type { PasswordChange } from '../password-change.ts';
import { SESSIONS } from './sessions.ts';

/** Change the password (every other device is signed out), and delete the account. */
export function useAccountActions() {
  const api = useClient();
  const qc = useQueryClient();
  const changePassword = useCallback(
    async (value: PasswordChange): Promise<ActionResult<null>> => {
      const r = await settle<null>(
        api.PUT('/api/v1/users/me/password', {
          body: {
            current_password: value.current,
            password: value.password,
            password_confirmation: value.confirmation,
          },
        }),
      );
      // The other sessions are gone now.
      if (r.ok) void qc.invalidateQueries({ queryKey: queryKey(SESSIONS) });
      return r;
    },
    [api, qc],
  );
  const deleteAccount = useCallback(
    (password: string): Promise<ActionResult<null>> =>
      settle<null>(api.POST('/api/v1/users/me/delete', { body: { password } })),
    [api],
  );
  return { changePassword, deleteAccount };
}
