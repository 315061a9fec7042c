// Builders that insert realistic accounts and profiles directly (no HTTP), for the demo seed and
// for the tests (tests/factories.ts re-exports them), so the demo has exactly the shapes the
// tests prove. Production code never imports tests/: these live here, and the tests import them.
import type { RegisterBody } from '../../shared/contracts/auth';
import { investorCompleteness, startupCompleteness } from '../../shared/profile-completeness';
import type { DbExecutor } from '../db/client';
import { investorProfiles, startupProfiles, users } from '../db/schema';
import { hashPassword } from '../features/auth';

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
