// Account endpoints (issue #17): recovering and changing the password, verifying and changing the
// email address, and the list of where the account is signed in. Field rules come from auth.ts, so
// a new password here obeys exactly what registration asks.
import { z } from 'zod';
import { EmailField, PasswordField, User } from './auth';
import { defineEndpoint } from './endpoint';

/** Said whatever the address: the answer never tells whether an account uses it. */
export const FORGOT_PASSWORD_MESSAGE = 'If an account uses this address, we have sent it a link to choose a new password. The link is valid for 60 minutes.';

// A token is 32 random bytes in base64url (43 characters); anything else cannot be one of ours.
// Malformed and unknown links get the same kind of sentence, pointing the way out.
const tokenField = (message: string) => z.string({ error: message }).regex(/^[A-Za-z0-9_-]{20,100}$/, message);

export const ForgotPasswordBody = z.strictObject({ email: EmailField });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const ResetPasswordBody = z.strictObject({
  token: tokenField('This reset link is not valid. Ask for a new one.'),
  password: PasswordField,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const VerifyEmailBody = z.strictObject({ token: tokenField('This verification link is not valid. Ask for a new one.') });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

export const ChangePasswordBody = z.strictObject({
  // The current password is compared as typed, so only its presence and size are checked here.
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(1024, 'Password must be at most 1024 characters'),
  newPassword: PasswordField,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const ChangeEmailBody = z.strictObject({
  email: EmailField,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password must be at most 1024 characters'),
});
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>;

/** One place the account is signed in, as its owner sees it. */
export const AccountSession = z.object({
  /** Stands for the session in this API only: derived from its key, never usable as a cookie. */
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  /** The address it signed in from, with the last part hidden (203.0.113.x), or null when unknown. */
  ipApprox: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

const Accepted = z.object({ message: z.string() });

export const forgotPassword = defineEndpoint({
  method: 'POST',
  path: '/api/password/forgot',
  body: ForgotPasswordBody,
  response: Accepted,
  successStatus: 202,
});

/** Sets the new password, ends every session of the account and signs this browser in. */
export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/api/password/reset',
  body: ResetPasswordBody,
  response: User,
});

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/api/account/password',
  body: ChangePasswordBody,
  response: z.object({ ok: z.literal(true), endedSessions: z.number().int() }),
});

/** Opens a verification link: the address it was sent to becomes the account's, verified. */
export const verifyEmail = defineEndpoint({
  method: 'POST',
  path: '/api/email/verify',
  body: VerifyEmailBody,
  response: User,
});

export const resendEmailVerification = defineEndpoint({
  method: 'POST',
  path: '/api/email/verify/resend',
  response: Accepted,
  successStatus: 202,
});

/** Asks to move the account to another address; it takes effect when that address is verified. */
export const changeEmail = defineEndpoint({
  method: 'POST',
  path: '/api/account/email',
  body: ChangeEmailBody,
  response: User,
});

export const listAccountSessions = defineEndpoint({
  method: 'GET',
  path: '/api/account/sessions',
  response: z.object({ sessions: z.array(AccountSession) }),
});

export const endAccountSession = defineEndpoint({
  method: 'DELETE',
  path: '/api/account/sessions/:id',
  params: z.strictObject({ id: z.string().max(64, 'No such session.') }),
  /** `signedOut`: it was the caller's own session, so this browser is signed out now. */
  response: z.object({ ok: z.literal(true), signedOut: z.boolean() }),
});

export const revokeOtherSessions = defineEndpoint({
  method: 'POST',
  path: '/api/account/sessions/revoke-others',
  response: z.object({ ended: z.number().int() }),
});

/** Everything the account holds, as a ZIP streamed as it is built (profile, matches, messages, …, own documents). */
export const exportAccount = defineEndpoint({ method: 'GET', path: '/api/account/export', raw: 'response', response: z.unknown() });

export const DeleteAccountBody = z.strictObject({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password must be at most 1024 characters'),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/** Deletes the caller's account and signs this browser out (the UI asks to type the username first). */
export const deleteAccount = defineEndpoint({ method: 'DELETE', path: '/api/account', body: DeleteAccountBody, response: z.object({ ok: z.literal(true) }) });
