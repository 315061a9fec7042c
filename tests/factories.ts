// Builders for realistic users and profiles, shared by the tests and the demo seed, so the demo
// exercises exactly the shapes the tests prove. Deterministic: the same call gives the same data.
import type { RegisterBody } from '../src/shared/contracts/auth';
import type { UserType } from '../src/shared/enums';
import type { DbExecutor } from '../src/server/db/client';
import { investorProfiles, startupProfiles, users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/features/auth/passwords';
import { investorCompleteness, startupCompleteness } from '../src/shared/profile-completeness';

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

export interface StartupProfileSeed {
  companyName: string;
  location: string;
  stage: string;
  industry: string;
  description: string;
  website: string;
  foundingDate: string;
  teamSize: number;
  fundingGoal: number;
  businessModel?: Record<string, unknown>;
  financials?: Record<string, unknown>;
  team?: Array<{ name: string; role: string; link: string }>;
  investorPreferences?: { stages: string[]; checkSizes: string[]; industries: string[]; location: string };
}

export interface InvestorProfileSeed {
  firmName: string;
  location: string;
  description: string;
  investmentThesis: string;
  website: string;
  foundingDate: string;
  stagePreference: string[];
  industryFocus: string[];
  investmentRange: string[];
  portfolioSize: number;
}

/** Inserts an account directly (no HTTP), hashing its password as registration does. */
export async function insertUser(db: DbExecutor, registration: RegisterBody): Promise<typeof users.$inferSelect> {
  const [row] = await db
    .insert(users)
    .values({
      username: registration.username,
      email: registration.email.toLowerCase(),
      passwordHash: await hashPassword(registration.password),
      userType: registration.userType,
      firstName: registration.firstName,
      lastName: registration.lastName,
    })
    .returning();
  return row!;
}

export async function insertStartupProfile(db: DbExecutor, userId: number, profile: StartupProfileSeed): Promise<void> {
  await db.insert(startupProfiles).values({ userId, ...profile, profileCompleteness: startupCompleteness(profile) });
}

export async function insertInvestorProfile(db: DbExecutor, userId: number, profile: InvestorProfileSeed): Promise<void> {
  await db.insert(investorProfiles).values({ userId, ...profile, profileCompleteness: investorCompleteness(profile) });
}

/** A valid PUT /api/startup/profile body (spec §5 rules). */
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

/** A valid PUT /api/investor/profile body (spec §5 rules). */
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
