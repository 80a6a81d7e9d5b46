export interface PasswordChange {
  current: string;
  password: string;
  confirmation: string;
}

export type PasswordChangeErrors = Partial<Record<keyof PasswordChange, string>>;

/** The contract's rules (sign-up's: 4 to 30 characters, confirmed; the current one required), by field. */
export function passwordChangeErrors({ current, password, confirmation }: PasswordChange): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (current === '') errors.current = 'Enter your current password';
  if (password === '') errors.password = 'Password is required';
  else if (password.length < 4) errors.password = 'Password must be at least 4 characters';
  else if (password.length > 30) errors.password = 'Password must be at most 30 characters';
  if (confirmation !== password) errors.confirmation = 'The passwords do not match';
  return errors;
}

/** The server's field names, as the form's. */
export const SERVER_FIELDS = {
  current_password: 'current',
  password: 'password',
  password_confirmation: 'confirmation',
} as const satisfies Record<string, keyof PasswordChange>;
