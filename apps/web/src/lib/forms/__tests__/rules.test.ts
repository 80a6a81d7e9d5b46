import { describe, expect, it } from 'vitest';
import { emptyLogin, type LoginValues, loginRules } from '@/features/auth/login-form.ts';
import { emptySignup, type SignupValues, signupRules } from '@/features/auth/signup-form.ts';
import { emptyNote, type NoteValues, noteRules } from '@/features/profile/note-form.ts';
import { validate } from '../validation.ts';

const goodSignup: SignupValues = {
  universityName: 'Stanford University',
  email: 'ana@stanford.edu',
  graduationYear: '2026',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('sign-up rules', () => {
  it('accepts a complete form', () => {
    expect(validate(signupRules, goodSignup)).toEqual({});
  });

  it.each<[string, Partial<SignupValues>, keyof SignupValues, string]>([
    ['university name empty', { universityName: '' }, 'universityName', 'University Name is required'],
    ['university name blank', { universityName: '   ' }, 'universityName', 'University Name is required'],
    ['email empty', { email: '' }, 'email', 'Email is invalid'],
    ['email without @', { email: 'ana.stanford.edu' }, 'email', 'Email is invalid'],
    ['email without domain dot', { email: 'ana@stanford' }, 'email', 'Email is invalid'],
    ['email with a space', { email: 'ana @stanford.edu' }, 'email', 'Email is invalid'],
    ['graduation year empty', { graduationYear: '' }, 'graduationYear', 'Graduation Year is required'],
    ['password empty', { password: '', confirmPassword: '' }, 'password', 'Password is required'],
    ['confirm empty', { confirmPassword: '' }, 'confirmPassword', 'The passwords do not match'],
    [
      'confirm shorter than 4',
      { password: 'abc', confirmPassword: 'abc' },
      'confirmPassword',
      'The passwords do not match',
    ],
    [
      'confirm longer than 30',
      { password: 'a'.repeat(31), confirmPassword: 'a'.repeat(31) },
      'confirmPassword',
      'The passwords do not match',
    ],
    ['confirm different', { confirmPassword: 'secret2' }, 'confirmPassword', 'The passwords do not match'],
  ])('%s', (_name, change, field, message) => {
    const errors = validate(signupRules, { ...goodSignup, ...change });
    expect(errors[field]).toBe(message);
  });

  it('accepts a confirm password of exactly 4 and of exactly 30 characters', () => {
    for (const p of ['abcd', 'a'.repeat(30)]) {
      expect(validate(signupRules, { ...goodSignup, password: p, confirmPassword: p })).toEqual({});
    }
  });

  it('names every bad field of an empty form', () => {
    expect(Object.keys(validate(signupRules, emptySignup)).sort()).toEqual(
      ['confirmPassword', 'email', 'graduationYear', 'password', 'universityName'].sort(),
    );
  });
});

describe('login rules', () => {
  const good: LoginValues = { uniName: 'Stanford University', email: 'ana@stanford.edu', password: 'x' };
  it.each<[string, Partial<LoginValues>, keyof LoginValues, string | undefined]>([
    ['valid', {}, 'email', undefined],
    ['email invalid', { email: 'nope' }, 'email', 'Email is invalid'],
    ['password empty', { password: '' }, 'password', 'Password is invalid'],
    ['password over the contract bound', { password: 'p'.repeat(129) }, 'password', 'Password is invalid'],
    ['university empty', { uniName: '' }, 'uniName', 'University Name is required'],
  ])('%s', (_name, change, field, message) => {
    expect(validate(loginRules, { ...good, ...change })[field]).toBe(message);
  });

  it('names every field of an empty form', () => {
    expect(Object.keys(validate(loginRules, emptyLogin)).sort()).toEqual(['email', 'password', 'uniName']);
  });
});

describe('Add Note rules', () => {
  const good: NoteValues = { title: 'Coffee', note: 'Ask about the fund', date: '2026-11-18' };
  it.each<[string, Partial<NoteValues>, keyof NoteValues, string | undefined]>([
    ['valid', {}, 'title', undefined],
    ['title empty', { title: '' }, 'title', 'Title is required'],
    ['title of 3', { title: 'abc' }, 'title', 'Title is required'],
    ['title of 4', { title: 'abcd' }, 'title', undefined],
    ['note empty', { note: '' }, 'note', 'Note is invalid'],
    ['note of 3', { note: 'abc' }, 'note', 'Note is invalid'],
    ['note of 3 padded with spaces', { note: ' abc  ' }, 'note', 'Note is invalid'],
    ['date empty', { date: '' }, 'date', 'Date is required'],
    ['date of 3', { date: '202' }, 'date', 'Date is required'],
  ])('%s', (_name, change, field, message) => {
    expect(validate(noteRules, { ...good, ...change })[field]).toBe(message);
  });

  it('names all three fields of an empty note', () => {
    expect(validate(noteRules, emptyNote)).toEqual({
      title: 'Title is required',
      note: 'Note is invalid',
      date: 'Date is required',
    });
  });
});
