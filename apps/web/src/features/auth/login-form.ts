import { email, type FieldRules, maxLength, required } from '../../lib/forms/validation.ts';

export type LoginValues = { uniName: string; email: string; password: string };

/** Spec section 5: email 'Email is invalid', password 'Password is invalid' (bounds: the contract's 1 to 128). */
export const loginRules: Record<keyof LoginValues, FieldRules> = {
  // The contract requires it (sign-in is per university); same wording as sign-up.
  uniName: { rules: [required], message: 'University Name is required' },
  email: { rules: [email], message: 'Email is invalid' },
  password: { rules: [required, maxLength(128)], message: 'Password is invalid' },
};

export const emptyLogin: LoginValues = { uniName: '', email: '', password: '' };
