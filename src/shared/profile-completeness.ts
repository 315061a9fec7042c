// How complete a profile is, in one place: the server stores the percentage (profileCompleteness,
// never sent by the client) and the dashboard's Profile Completion card shows the same checklist.
// Weights add up to 100. The formula is documented in docs/profiles.md.

type Filled = (value: unknown) => boolean;
const hasText: Filled = (value) => typeof value === 'string' && value.trim().length > 0;
const hasNumber: Filled = (value) => typeof value === 'number' && Number.isFinite(value);
const hasItems: Filled = (value) => Array.isArray(value) && value.length > 0;

interface Part<P> {
  weight: number;
  isFilled: (profile: P) => boolean;
}

export interface StartupCompletenessInput {
  companyName?: string | null;
  website?: string | null;
  location?: string | null;
  foundingDate?: string | null;
  stage?: string | null;
  industry?: string | null;
  description?: string | null;
  teamSize?: number | null;
  fundingGoal?: number | null;
  team?: unknown[] | null;
  investorPreferences?: { stages?: unknown[]; checkSizes?: unknown[]; industries?: unknown[]; location?: string } | null;
}

export interface InvestorCompletenessInput {
  firmName?: string | null;
  website?: string | null;
  location?: string | null;
  foundingDate?: string | null;
  description?: string | null;
  investmentThesis?: string | null;
  portfolioSize?: number | null;
  industryFocus?: unknown[] | null;
  stagePreference?: unknown[] | null;
  investmentRange?: unknown[] | null;
}

const STARTUP_PARTS: Part<StartupCompletenessInput>[] = [
  { weight: 10, isFilled: (p) => hasText(p.companyName) },
  { weight: 10, isFilled: (p) => hasText(p.location) },
  { weight: 5, isFilled: (p) => hasText(p.website) },
  { weight: 5, isFilled: (p) => hasText(p.foundingDate) },
  { weight: 10, isFilled: (p) => hasText(p.stage) },
  { weight: 10, isFilled: (p) => hasText(p.industry) },
  { weight: 15, isFilled: (p) => hasText(p.description) },
  { weight: 5, isFilled: (p) => hasNumber(p.teamSize) },
  { weight: 10, isFilled: (p) => hasNumber(p.fundingGoal) },
  { weight: 10, isFilled: (p) => hasItems(p.team) },
  {
    weight: 10,
    isFilled: (p) => hasItems(p.investorPreferences?.stages) || hasItems(p.investorPreferences?.checkSizes) || hasItems(p.investorPreferences?.industries),
  },
];

const INVESTOR_PARTS: Part<InvestorCompletenessInput>[] = [
  { weight: 10, isFilled: (p) => hasText(p.firmName) },
  { weight: 10, isFilled: (p) => hasText(p.location) },
  { weight: 5, isFilled: (p) => hasText(p.website) },
  { weight: 5, isFilled: (p) => hasText(p.foundingDate) },
  { weight: 10, isFilled: (p) => hasText(p.description) },
  { weight: 15, isFilled: (p) => hasText(p.investmentThesis) },
  { weight: 5, isFilled: (p) => hasNumber(p.portfolioSize) },
  { weight: 15, isFilled: (p) => hasItems(p.industryFocus) },
  { weight: 15, isFilled: (p) => hasItems(p.stagePreference) },
  { weight: 10, isFilled: (p) => hasItems(p.investmentRange) },
];

const score = <P>(parts: Part<P>[], profile: P) => parts.reduce((total, part) => total + (part.isFilled(profile) ? part.weight : 0), 0);

export function startupCompleteness(profile: StartupCompletenessInput): number {
  return score(STARTUP_PARTS, profile);
}

export function investorCompleteness(profile: InvestorCompletenessInput): number {
  return score(INVESTOR_PARTS, profile);
}

/** The checklist's last item (the other side's preferences) needs profileCompleteness ≥ 80. */
export const PREFERENCES_ITEM_THRESHOLD = 80;

export interface ChecklistItem {
  label: string;
  isDone: boolean;
  /** Which profile tab completes it. */
  tab: string;
}

export function startupChecklist(profile: (StartupCompletenessInput & { profileCompleteness: number }) | null): ChecklistItem[] {
  return [
    { label: 'Company Information', isDone: hasText(profile?.companyName) && hasText(profile?.location), tab: 'profile' },
    { label: 'Company Description', isDone: hasText(profile?.description), tab: 'profile' },
    { label: 'Stage and Industry', isDone: hasText(profile?.stage) && hasText(profile?.industry), tab: 'profile' },
    { label: 'Funding Goal', isDone: hasNumber(profile?.fundingGoal), tab: 'profile' },
    { label: 'Team Members', isDone: hasItems(profile?.team), tab: 'team' },
    { label: 'Investor Preferences', isDone: (profile?.profileCompleteness ?? 0) >= PREFERENCES_ITEM_THRESHOLD, tab: 'preferences' },
  ];
}

export function investorChecklist(profile: (InvestorCompletenessInput & { profileCompleteness: number }) | null): ChecklistItem[] {
  return [
    { label: 'Firm Information', isDone: hasText(profile?.firmName) && hasText(profile?.location), tab: 'profile' },
    { label: 'Firm Description', isDone: hasText(profile?.description), tab: 'profile' },
    {
      label: 'Investment Criteria',
      isDone: hasItems(profile?.industryFocus) && hasItems(profile?.stagePreference) && hasItems(profile?.investmentRange),
      tab: 'criteria',
    },
    { label: 'Investment Thesis', isDone: hasText(profile?.investmentThesis), tab: 'thesis' },
    { label: 'Startup Preferences', isDone: (profile?.profileCompleteness ?? 0) >= PREFERENCES_ITEM_THRESHOLD, tab: 'criteria' },
  ];
}
