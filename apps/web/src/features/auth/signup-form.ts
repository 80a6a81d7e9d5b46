import { email, equalsField, type FieldRules, maxLength, minLength, required } from '../../lib/forms/validation.ts';

export type SignupValues = {
  universityName: string;
  email: string;
  graduationYear: string;
  password: string;
  confirmPassword: string;
};

/** Spec section 5, sign-up: rules and messages as written. */
export const signupRules: Record<keyof SignupValues, FieldRules> = {
  universityName: { rules: [required], message: 'University Name is required' },
  email: { rules: [email], message: 'Email is invalid' },
  graduationYear: { rules: [required], message: 'Graduation Year is required' },
  password: { rules: [required], message: 'Password is required' },
  confirmPassword: {
    rules: [required, minLength(4), maxLength(30), equalsField('password')],
    message: 'The passwords do not match',
  },
};

export const emptySignup: SignupValues = {
  universityName: '',
  email: '',
  graduationYear: '',
  password: '',
  confirmPassword: '',
};
