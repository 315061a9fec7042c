// The sign-in form checks its fields without zod (features/auth/login-validation.ts, ADR 0035), so
// /auth loads no schema library; the rule the server applies is still LoginBody. These tests keep
// the two the same: for any input, the form shows the message LoginBody gives, field by field, and
// sends what LoginBody would pass on.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LoginBody } from '../../src/shared/contracts/auth';
import { LOGIN_FIELDS, loginBody, loginErrors, type LoginValues } from '../../src/client/features/auth/login-validation';

/** LoginBody's first message for each field, as the zod resolver showed it under the field. */
function contractErrors(values: LoginValues): Partial<Record<string, string>> {
  const result = LoginBody.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<string, string>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
}

// Lengths around every bound (3 and 100 for usernames, 6 and 1024 for passwords), with spaces and
// characters outside the BMP (zod measures strings in code points).
const text = (maxLength: number) =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: fc.constantFrom('a', ' ', '\t', 'é', '😀'), maxLength }),
    fc.nat({ max: maxLength }).map((length) => 'x'.repeat(length)),
  );

describe('the sign-in form checks what LoginBody checks', () => {
  it('gives the same message for each field, for any input', () => {
    fc.assert(
      fc.property(text(110), text(1100), (username, password) => {
        expect(loginErrors({ username, password })).toEqual(contractErrors({ username, password }));
      }),
      { numRuns: 500 },
    );
  });

  it('sends what LoginBody passes on (the username trimmed, the password as typed)', () => {
    fc.assert(
      fc.property(text(110), text(1100), (username, password) => {
        const parsed = LoginBody.safeParse({ username, password });
        fc.pre(parsed.success);
        expect(loginBody({ username, password })).toEqual(parsed.data);
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    [
      { username: '', password: '' },
      { username: 'Username must be at least 3 characters', password: 'Password must be at least 6 characters' },
    ],
    [
      { username: '  ab  ', password: '12345' },
      { username: 'Username must be at least 3 characters', password: 'Password must be at least 6 characters' },
    ],
    [
      { username: 'a'.repeat(101), password: 'p'.repeat(1025) },
      { username: 'Username must be at most 100 characters', password: 'Password must be at most 1024 characters' },
    ],
    [{ username: ' ada ', password: '      ' }, {}],
    // zod counts code points: three emoji are three characters, not six.
    [{ username: 'abc', password: '😀😀😀' }, { password: 'Password must be at least 6 characters' }],
  ])('the spec’s messages: %j', (values, expected) => {
    expect(loginErrors(values)).toEqual(expected);
    expect(contractErrors(values)).toEqual(expected);
  });

  it('names the same fields as the contract', () => {
    expect([...LOGIN_FIELDS].sort()).toEqual(Object.keys(LoginBody.shape).sort());
  });
});
