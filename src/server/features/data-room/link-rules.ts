// Secure links' pure rules (issue #20; docs/data-room.md, "Secure links"): how tokens, cookies and
// codes are made and hashed, who an allow-list lets in, what a visitor must do next, and the
// sentences a visitor reads. Shared by the founder's side (secure-links.service.ts), the visitor's
// (link-visitors.service.ts) and the routes; nothing here touches the database.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { VisitorStep } from '../../../shared/contracts/secure-links';
import { formatAccessDate } from './summaries';

/** A link's token and a visitor's session token: 32 random bytes (256 bits), base64url. */
export function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

/** What the database keeps instead of a token, a session or a code: its sha256, hex. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A 6-digit code, uniformly drawn (leading zeros kept). */
export function newVisitorCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Compares a typed code with the stored hash in constant time. */
export function codeMatches(code: string, codeHash: string): boolean {
  const typed = Buffer.from(hashSecret(code), 'hex');
  const stored = Buffer.from(codeHash, 'hex');
  return typed.length === stored.length && timingSafeEqual(typed, stored);
}

export const CODE_TTL_MS = 10 * 60_000;
/** Wrong codes one session may type before its code is spent (a new one must be asked for). */
export const MAX_WRONG_CODES_PER_CODE = 5;
/** A visitor's session lasts a day at most, and never beyond the link's own expiry. */
export const VISITOR_SESSION_MS = 24 * 60 * 60_000;

/**
 * One cookie per link (so a visitor can hold two links open in one browser), readable only by our
 * /api/links routes, never by scripts, and never sent from another site.
 */
export function visitorCookieName(linkId: number): string {
  return `vm_link_${linkId}`;
}
export const VISITOR_COOKIE_PATH = '/api/links';

/** Whether an email passes the allow-list: empty lets everyone in; '@domain' matches that domain exactly. */
export function isEmailAllowed(allowedEmails: readonly string[], email: string): boolean {
  if (allowedEmails.length === 0) return true;
  const address = email.trim().toLowerCase();
  const domain = address.slice(address.lastIndexOf('@'));
  return allowedEmails.some((entry) => (entry.startsWith('@') ? entry === domain : entry === address));
}

/**
 * An allow-list always forces verification: without it anyone could type an allowed address and
 * walk in, and a forwarded link would open for whoever received it.
 */
export function requiresVerification(link: { requireEmailVerification: boolean; allowedEmails: readonly string[] }): boolean {
  return link.requireEmailVerification || link.allowedEmails.length > 0;
}

/** What a visitor's session has passed so far, and what the link asks for. */
export interface VisitorProgress {
  hasSession: boolean;
  mustVerify: boolean;
  isVerified: boolean;
  mustGivePassword: boolean;
  hasGivenPassword: boolean;
  ndaPending: boolean;
}

/** The next step, in the order the visitor meets them: email, code, password, NDA. */
export function nextVisitorStep(progress: VisitorProgress): VisitorStep {
  if (!progress.hasSession) return 'email';
  if (progress.mustVerify && !progress.isVerified) return 'code';
  if (progress.mustGivePassword && !progress.hasGivenPassword) return 'password';
  if (progress.ndaPending) return 'nda';
  return 'ready';
}

export const LINK_SENTENCES = {
  unknown: 'This link does not exist. Check that you copied all of it.',
  disabled: (company: string) => `${company} has disabled this link.`,
  expired: (company: string, expiresAt: Date) => `This link expired on ${formatAccessDate(expiresAt)}. Ask ${company} for a new one.`,
  notAllowed: (email: string) => `This link is not available for ${email}.`,
  noSession: 'Enter your email to open this link.',
  notReady: 'Finish the steps on this link before opening its documents.',
  wrongCode: 'This code is not right. Check the email and try again.',
  codeSpent: 'This code has expired or was typed wrong too many times. Ask for a new code.',
  wrongPassword: 'This password is not right.',
  documentMissing: 'This document is not part of this link, or was removed.',
  noDownload: (company: string) => `${company} has not allowed downloads from this link.`,
  watermarkedNoDownload: (document: string) => `${document} is watermarked, so it can be viewed here but not downloaded.`,
  ndaChanged: 'The NDA changed since you opened it. Read the new version and accept it.',
  viewMissing: 'This view does not exist.',
} as const;
