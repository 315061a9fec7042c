// The secure links' words and conversions, kept apart from the components so they can be tested
// alone: a link's settings as short badges, the allow-list as typed, and the expiry presets.
import type { SecureLinkSummary } from '@shared/contracts/secure-links';

const shortDate = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

/** An instant as a local calendar date: "Mar 14, 2026". */
export const formatLinkDate = (iso: string) => shortDate.format(new Date(iso));

/** How a link is protected and what it allows, as the few words of its badges, in a fixed order. */
export function linkSettingBadges(
  link: Pick<SecureLinkSummary, 'requireEmailVerification' | 'allowedEmails' | 'hasPassword' | 'expiresAt' | 'canDownload' | 'watermark' | 'ndaRequired'>,
  now = new Date(),
): string[] {
  const badges: string[] = [];
  if (link.requireEmailVerification) badges.push('Email verified');
  if (link.allowedEmails.length > 0)
    badges.push(link.allowedEmails.length === 1 ? `Only ${link.allowedEmails[0]}` : `Allow-list of ${link.allowedEmails.length}`);
  if (link.hasPassword) badges.push('Password');
  if (link.expiresAt) badges.push(`${new Date(link.expiresAt) <= now ? 'Expired' : 'Expires'} ${formatLinkDate(link.expiresAt)}`);
  badges.push(link.canDownload ? 'Download allowed' : 'View only');
  if (link.watermark) badges.push('Watermark');
  if (link.ndaRequired) badges.push('NDA');
  return badges;
}

/**
 * The allow-list as the founder typed it: one entry a line or comma separated, blanks dropped,
 * lowercased, each entry once. Whether each entry is valid is the contract's call.
 */
export function parseAllowedEmails(text: string): string[] {
  const entries = text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(entries)];
}

export const EXPIRY_PRESETS = [
  { value: 'none', label: 'Never', days: null },
  { value: '7', label: '7 days', days: 7 },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
] as const;
export type ExpiryPreset = (typeof EXPIRY_PRESETS)[number]['value'];

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a link made now with this preset stops opening, as the contract's ISO date, or null. */
export function expiryFromPreset(preset: ExpiryPreset, now: Date): string | null {
  const days = EXPIRY_PRESETS.find((option) => option.value === preset)?.days ?? null;
  return days === null ? null : new Date(now.getTime() + days * DAY_MS).toISOString();
}
