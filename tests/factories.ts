// Test data: unique registrations and valid profile bodies. The builders that insert accounts and
// profiles directly belong to the demo (src/server/demo/), which the seed uses too; they are
// re-exported here so tests find every builder in one place. Tests import src, never the reverse.
import type { RegisterBody } from '../src/shared/contracts/auth';
import type { UserType } from '../src/shared/enums';

export { insertInvestorProfile, insertStartupProfile, insertUser, type InvestorProfileSeed, type StartupProfileSeed } from '../src/server/demo/demo-builders';

let sequence = 0;
/** A unique suffix per call within one process, so tests never collide on usernames. */
export function uniqueSuffix(): string {
  sequence += 1;
  return `${process.pid.toString(36)}${sequence.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

// Not in the common-password list, long enough, and easy to type in a browser test.
export const TEST_PASSWORD = 'Venture-Test-Passphrase-42';

export function buildRegistration(userType: UserType, overrides: Partial<RegisterBody> = {}): RegisterBody {
  const suffix = uniqueSuffix();
  const base = {
    userType,
    firstName: userType === 'startup' ? 'Ada' : 'Grace',
    lastName: userType === 'startup' ? 'Founder' : 'Partner',
    username: `${userType}_${suffix}`,
    email: `${userType}.${suffix}@example.test`,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
  };
  const merged = { ...base, ...overrides };
  if (overrides.password && !overrides.confirmPassword) merged.confirmPassword = overrides.password;
  return merged;
}

/** A valid PUT /api/startup/profile body (the profile form rules). */
export function buildStartupProfileBody(overrides: Record<string, unknown> = {}) {
  return {
    companyName: 'Acme Analytics',
    website: 'https://acme.example',
    location: 'Austin, USA',
    foundingDate: '2022-05-01',
    stage: 'Seed',
    industry: 'SaaS',
    description: 'Acme turns product usage data into revenue forecasts for B2B SaaS teams.',
    teamSize: 6,
    fundingGoal: 1_000_000,
    ...overrides,
  };
}

/** A valid PUT /api/investor/profile body (the profile form rules). */
export function buildInvestorProfileBody(overrides: Record<string, unknown> = {}) {
  return {
    firmName: 'Blue Harbor Capital',
    website: 'https://blueharbor.example',
    location: 'New York, USA',
    foundingDate: '2014-02-01',
    description: 'Blue Harbor leads seed rounds in B2B software companies across North America.',
    investmentThesis: 'Vertical SaaS with usage-based pricing and strong net revenue retention.',
    portfolioSize: 24,
    industryFocus: ['SaaS', 'FinTech'],
    stagePreference: ['Seed', 'Series A'],
    investmentRange: ['$500K - $1M', '$1M - $3M'],
    ...overrides,
  };
}
