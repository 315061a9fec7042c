// The auth feature's public API: the only file other features (and http/, the app, the demo)
// import. Sessions for the session guard and the event stream, the login throttle and password
// hashing for the app and the demo builders, and the account jobs' handlers (emails, a deleted
// account's document bytes) for app-jobs.ts.
export { type AuthContext } from './auth.service';
export { ACCOUNT_JOBS } from './account-rules';
export { DELETE_ACCOUNT_BLOBS_JOB, deleteAccountBlobs } from './account-deletion.service';
export { sendPasswordResetEmail, sendVerificationEmail } from './account-tokens.service';
export { createLoginThrottle, type LoginThrottle, waitInWords } from './login-throttle';
export { createRegistrationThrottle, type RegistrationThrottle } from './registration-throttle';
export { hashPassword, verifyPassword } from './passwords';
// Secure links' visitors who register keep their history (the data room reacts to a verification).
export { onEmailVerified, type VerifiedAddress } from './email-verified-reactions';
export { deleteExpiredSessions, isSessionActive, resolveSession, sessionDeadline, type SessionContext } from './session.service';
export { type SessionPolicy } from './session-tokens';
