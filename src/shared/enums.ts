// The product's fixed vocabularies, shared by forms, server validation and the database checks.

export const USER_TYPES = ['startup', 'investor'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const MATCH_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/**
 * One side's own answer to a match. The match's status follows from both (mutual consent, issue
 * #14): accepted only when both accepted, rejected when either declined, pending otherwise.
 */
export const MATCH_DECISIONS = ['pending', 'accepted', 'rejected'] as const;
export type MatchDecision = (typeof MATCH_DECISIONS)[number];

export const MILESTONE_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];

export const ACTIVITY_TYPES = [
  'account_created',
  'profile_updated',
  'document_uploaded',
  'document_shared',
  'document_deleted',
  'match_updated',
  'message_sent',
  'milestone_created',
  'milestone_updated',
  'viewed_profile',
  'matches_generated',
  // What others did that concerns the user (issue #15): written into the other party's feed.
  'document_viewed',
  'interest_received',
  'connection_made',
  'connection_ended',
  'partner_milestone_changed',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const DOCUMENT_CATEGORIES = [
  'Pitch Deck',
  'Financial Projections',
  'Business Plan',
  'Executive Summary',
  'Technical Documentation',
  'Market Research',
  'Legal Document',
  'Other',
] as const;

export const INDUSTRIES = [
  'SaaS',
  'FinTech',
  'HealthTech',
  'EdTech',
  'E-commerce',
  'AI/ML',
  'Blockchain',
  'CleanTech',
  'Consumer',
  'Hardware',
  'Manufacturing',
  'Marketplace',
  'Media',
  'Mobile',
  'Security',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const STAGES = ['Pre-seed', 'Seed', 'Series A', 'Series B', 'Series C+', 'Growth', 'Acquisition'] as const;
export type Stage = (typeof STAGES)[number];

export const TEAM_SIZES = ['1-5', '6-10', '11-25', '26-50', '51-100', '101-250', '251+'] as const;

export const FUNDING_BUCKETS = ['< $100K', '$100K - $500K', '$500K - $1M', '$1M - $3M', '$3M - $5M', '$5M - $10M', '$10M+'] as const;

/** Minimum lengths set by the product spec (ADR 0006 says why the password's stays at 6). */
export const MIN_USERNAME_LENGTH = 3;
export const MIN_PASSWORD_LENGTH = 6;

/**
 * Team size and funding goal are stored as integers: the lower bound of the chosen
 * bucket (people, or US dollars). The selects offer exactly the spec's labels; see
 * docs/decisions/0012-bucket-values.md.
 */
export const TEAM_SIZE_OPTIONS = [
  { label: '1-5', value: 1 },
  { label: '6-10', value: 6 },
  { label: '11-25', value: 11 },
  { label: '26-50', value: 26 },
  { label: '51-100', value: 51 },
  { label: '101-250', value: 101 },
  { label: '251+', value: 251 },
] as const satisfies ReadonlyArray<{ label: (typeof TEAM_SIZES)[number]; value: number }>;

export const FUNDING_GOAL_OPTIONS = [
  { label: '< $100K', value: 0 },
  { label: '$100K - $500K', value: 100_000 },
  { label: '$500K - $1M', value: 500_000 },
  { label: '$1M - $3M', value: 1_000_000 },
  { label: '$3M - $5M', value: 3_000_000 },
  { label: '$5M - $10M', value: 5_000_000 },
  { label: '$10M+', value: 10_000_000 },
] as const satisfies ReadonlyArray<{ label: (typeof FUNDING_BUCKETS)[number]; value: number }>;

/** The bucket label for a stored integer (an exact bucket value, or the bucket it falls in). */
export function bucketLabel(options: ReadonlyArray<{ label: string; value: number }>, value: number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  let label: string | null = null;
  for (const option of options) if (value >= option.value) label = option.label;
  return label;
}

/** Why a match was declined (issue #4); optional, and only with a decline. */
export const DECLINE_REASONS = [
  { value: 'stage', label: 'Not my stage' },
  { value: 'sector', label: 'Not my sector' },
  { value: 'check_size', label: 'Check size' },
  { value: 'location', label: 'Location' },
  { value: 'timing', label: 'Timing' },
  { value: 'other', label: 'Other' },
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number]['value'];

/** Why a user reports someone (issue #14); operators read the value, the form shows the label. */
export const REPORT_CATEGORIES = [
  { value: 'spam', label: 'Spam' },
  { value: 'harassment', label: 'Harassment' },
  { value: 'fraud', label: 'Fraud or misrepresentation' },
  { value: 'inappropriate', label: 'Inappropriate content' },
  { value: 'other', label: 'Other' },
] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number]['value'];

/** What a report is about. */
export const REPORT_SUBJECT_TYPES = ['user', 'message', 'document'] as const;
export type ReportSubjectType = (typeof REPORT_SUBJECT_TYPES)[number];

/** A portfolio company's performance. */
export const PERFORMANCE_LEVELS = ['growing', 'stable', 'declining'] as const;
export type Performance = (typeof PERFORMANCE_LEVELS)[number];

/** '$2.5M', '$750K', '$1.2B', '$900' — how the spec shows investment amounts. */
export function formatDollars(amount: number): string {
  const units: Array<[number, string]> = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [index, [size, suffix]] of units.entries()) {
    if (amount < size) continue;
    // Tenths computed as (amount * 10) / size so half-way values round up ($2,550,000 is $2.6M).
    const tenths = Math.round((amount * 10) / size);
    // 999,999 would read "$1000K": say "$1M" instead (the next unit up, when there is one).
    if (tenths >= 10_000 && index > 0) return `$1${units[index - 1]![1]}`;
    return `$${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)}${suffix}`;
  }
  return `$${Math.round(amount)}`;
}

/** `value` when it is one of `values` (a stored free-text column read into a form's choice), else undefined. */
export function asOneOf<T extends string>(values: readonly T[], value: string | null | undefined): T | undefined {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
}
