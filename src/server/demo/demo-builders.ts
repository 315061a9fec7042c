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
  raisingNow?: boolean;
  countryCode?: string | null;
  createdAt?: Date;
  updatedAt?: Date;
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
  openToNewDeals?: boolean;
  weeklyRequestCap?: number;
  countryCode?: string | null;
  createdAt?: Date;
  updatedAt?: Date;
}

/**
 * Inserts an account directly (no HTTP), hashing its password as registration does. A caller
 * creating many accounts with one password (the demo) may pass its hash once made: argon2 costs
 * about 35 ms a call, which a hundred accounts would otherwise spend on the same secret.
 */
export async function insertUser(
  db: DbExecutor,
  registration: RegisterBody,
  options: { passwordHash?: string; createdAt?: Date; emailVerifiedAt?: Date; lastActiveAt?: Date } = {},
): Promise<typeof users.$inferSelect> {
  const [row] = await db
    .insert(users)
    .values({
      username: registration.username,
      email: registration.email.toLowerCase(),
      passwordHash: options.passwordHash ?? (await hashPassword(registration.password)),
      createdAt: options.createdAt,
      emailVerifiedAt: options.emailVerifiedAt,
      lastActiveAt: options.lastActiveAt,
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
