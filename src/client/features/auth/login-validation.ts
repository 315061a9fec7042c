// The sign-in form's rules, checked in the browser without zod: LoginBody in
// @shared/contracts/auth stays the rule the server applies, and this is the same rule written out
// so that /auth loads no schema library (docs/performance.md, "First load"; ADR 0035).
// tests/unit/login-validation.test.ts checks both give the same message for any input, so a rule
// changed in the contract and not here fails the tests.
import { MIN_PASSWORD_LENGTH, MIN_USERNAME_LENGTH } from '@shared/enums';

export const LOGIN_FIELDS = ['username', 'password'] as const;
export type LoginField = (typeof LOGIN_FIELDS)[number];
export type LoginValues = Record<LoginField, string>;
export type LoginErrors = Partial<Record<LoginField, string>>;

// Mirrors the contract's bounds (MAX_NAME_LENGTH and MAX_PASSWORD_LENGTH there).
const MAX_USERNAME_LENGTH = 100;
const MAX_PASSWORD_LENGTH = 1024;

/** Length as zod measures strings: in code points, so an emoji counts once (not as two UTF-16 units). */
const lengthOf = (text: string) => [...text].length;

/** The first broken rule of each field, in LoginBody's words; empty when the form may be sent. */
export function loginErrors({ username, password }: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  // The username is trimmed before it is measured (and sent); the password is taken exactly as typed.
  const usernameLength = lengthOf(username.trim());
  const passwordLength = lengthOf(password);
  if (usernameLength < MIN_USERNAME_LENGTH) errors.username = `Username must be at least ${MIN_USERNAME_LENGTH} characters`;
  else if (usernameLength > MAX_USERNAME_LENGTH) errors.username = `Username must be at most ${MAX_USERNAME_LENGTH} characters`;
  if (passwordLength < MIN_PASSWORD_LENGTH) errors.password = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  else if (passwordLength > MAX_PASSWORD_LENGTH) errors.password = `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  return errors;
}

/** The body to send: LoginBody's output (the username trimmed). */
export function loginBody({ username, password }: LoginValues): LoginValues {
  return { username: username.trim(), password };
}
