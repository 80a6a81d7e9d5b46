import type { ApiError } from '@cohort/api';
import { useCallback } from 'react';
import { useClient } from '@/lib/query.ts';
import { type ActionResult, fail, ok } from '@/lib/result.ts';

/** The reset link's token as the contract allows it (anything else cannot be a mailed token). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

export interface NewPassword {
  password: string;
  confirmation: string;
}

/**
 * The sign-up password rules (the contract's: 4 to 30 characters, confirmed),
 * each one that `value` breaks, in order, so the form can show every one at once.
 */
export function brokenPasswordRules({ password, confirmation }: NewPassword): string[] {
  const broken: string[] = [];
  if (password === '') broken.push('Password is required');
  else if (password.length < 4) broken.push('Password must be at least 4 characters');
  if (password.length > 30) broken.push('Password must be at most 30 characters');
  if (confirmation !== password) broken.push('The passwords do not match');
  return broken;
}

/** Forgot password: ask for the link, and set a new password with the link's token. */
export function usePasswordReset() {
  const api = useClient();
  const request = useCallback(
    async (email: string): Promise<ActionResult> => {
      const r = await api.POST('/api/v1/password/forgot', { body: { email } });
      return r.error ? fail(r.error as ApiError) : ok(undefined);
    },
    [api],
  );
  const reset = useCallback(
    async (token: string, value: NewPassword): Promise<ActionResult> => {
      const r = await api.POST('/api/v1/password/reset', {
        body: { token, password: value.password, password_confirmation: value.confirmation },
      });
      return r.error ? fail(r.error as ApiError) : ok(undefined);
    },
    [api],
  );
  return { request, reset };
}
