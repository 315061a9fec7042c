// The secure links' words and conversions on the client (issue #20): the allow-list as the founder
// types it, the expiry presets, and a link's settings as badges.
import { describe, expect, it } from 'vitest';
import { AllowedEmailEntry } from '../../src/shared/contracts/secure-links';
import { expiryFromPreset, linkSettingBadges, parseAllowedEmails } from '../../src/client/features/secure-links/link-format';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const LINK = {
  requireEmailVerification: false,
  allowedEmails: [],
  hasPassword: false,
  expiresAt: null,
  canDownload: false,
  watermark: false,
  ndaRequired: false,
};

describe('parseAllowedEmails', () => {
  it('reads one entry a line or comma separated, lowercased, each once, blanks dropped', () => {
    expect(parseAllowedEmails('Jane@Fund.com, @sequoia.com\n\n  bob@x.io ;jane@fund.com,')).toEqual(['jane@fund.com', '@sequoia.com', 'bob@x.io']);
    expect(parseAllowedEmails('   \n , ')).toEqual([]);
  });

  it('leaves judging each entry to the contract, which refuses what is not an email or a domain', () => {
    const [entry] = parseAllowedEmails('sequoia.com');
    expect(AllowedEmailEntry.safeParse(entry).success).toBe(false);
    expect(AllowedEmailEntry.safeParse(parseAllowedEmails('@sequoia.com')[0]).success).toBe(true);
  });
});

describe('expiryFromPreset', () => {
  it('is null for "Never" and the preset number of days later otherwise', () => {
    expect(expiryFromPreset('none', NOW)).toBeNull();
    expect(expiryFromPreset('7', NOW)).toBe('2026-12-05T12:00:00.000Z');
    expect(expiryFromPreset('30', NOW)).toBe('2026-12-28T12:00:00.000Z');
    expect(expiryFromPreset('90', NOW)).toBe('2027-02-26T12:00:00.000Z');
  });
});

describe('linkSettingBadges', () => {
  it('names each protection once, in a fixed order, and says view only when downloads are off', () => {
    expect(linkSettingBadges(LINK, NOW)).toEqual(['View only']);
    const everything = linkSettingBadges(
      {
        ...LINK,
        requireEmailVerification: true,
        allowedEmails: ['@a.com', 'b@c.com'],
        hasPassword: true,
        expiresAt: '2026-12-05T12:00:00.000Z',
        canDownload: true,
        watermark: true,
        ndaRequired: true,
      },
      NOW,
    );
    expect(everything).toHaveLength(7);
    expect(everything[0]).toBe('Email verified');
    expect(everything[1]).toBe('Allow-list of 2');
    expect(everything[2]).toBe('Password');
    expect(everything[3]).toMatch(/^Expires /);
    expect(everything.slice(4)).toEqual(['Download allowed', 'Watermark', 'NDA']);
  });

  it('shows a single allowed entry itself, and an end date in the past as expired', () => {
    const badges = linkSettingBadges({ ...LINK, allowedEmails: ['@sequoia.com'], expiresAt: '2026-11-01T00:00:00.000Z' }, NOW);
    expect(badges).toContain('Only @sequoia.com');
    expect(badges.some((badge) => badge.startsWith('Expired '))).toBe(true);
  });
});
