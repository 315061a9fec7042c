// Auth endpoints and the field rules shared by the /auth forms and the server.
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, MIN_USERNAME_LENGTH, USER_TYPES } from '../enums';
import { defineEndpoint } from './endpoint';

// Upper bounds are ours (docs/security.md, "Input": names ≤ 100); the product spec only sets minimums.
const MAX_NAME_LENGTH = 100;
// Generous so pass-phrases and password managers work; bounded so hashing cannot be abused.
export const MAX_PASSWORD_LENGTH = 1024;

const loginUsername = z
  .string({ error: 'Username is required' })
  .trim()
  .min(MIN_USERNAME_LENGTH, 'Username must be at least 3 characters')
  .max(MAX_NAME_LENGTH, 'Username must be at most 100 characters');

// Usernames are shown to other users, so new ones are kept to a plain, unambiguous set.
const username = loginUsername.regex(/^[A-Za-z0-9._-]+$/, 'Username may use only letters, numbers, dots, dashes and underscores');

// Passwords are checked exactly as typed: no trimming (docs/security.md, "Sessions and authentication").
// Exported for every form that sets a password (reset, change): one rule for all of them.
export const PasswordField = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters')
  .max(MAX_PASSWORD_LENGTH, 'Password must be at most 1024 characters');

const personName = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(MAX_NAME_LENGTH, 'Name must be at most 100 characters');

/** An email address as every form takes it (registration, change of address, forgot password). */
export const EmailField = z
  .string({ error: 'Please enter a valid email' })
  .trim()
  .max(254, 'Please enter a valid email')
  .pipe(z.email({ error: 'Please enter a valid email' }));

export const LoginBody = z.strictObject({
  username: loginUsername,
  password: PasswordField,
});
export type LoginBody = z.infer<typeof LoginBody>;

export const RegisterBody = z
  .strictObject({
    userType: z.enum(USER_TYPES, { error: 'Please select a user type' }),
    firstName: personName('First name is required'),
    lastName: personName('Last name is required'),
    username,
    email: EmailField,
    password: PasswordField,
    confirmPassword: z.string({ error: "Passwords don't match" }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterBody = z.infer<typeof RegisterBody>;

/** The public view of an account. Never carries the password hash (allowlisted). */
export const User = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  firstName: z.string(),
  lastName: z.string(),
  createdAt: z.string(),
  /** Whether `email` has been proven to reach the user (a verification link was opened). */
  emailVerified: z.boolean(),
  /** An address the user is moving to, waiting for its verification link; `email` stays in use until then. */
  pendingEmail: z.string().nullable(),
});
export type User = z.infer<typeof User>;

export const getCurrentUser = defineEndpoint({
  method: 'GET',
  path: '/api/user',
  response: User,
});

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/login',
  body: LoginBody,
  response: User,
});

export const register = defineEndpoint({
  method: 'POST',
  path: '/api/register',
  body: RegisterBody,
  response: User,
  successStatus: 201,
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/api/logout',
  response: z.object({ ok: z.literal(true) }),
});
