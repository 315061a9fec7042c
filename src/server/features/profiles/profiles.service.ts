// Startup and investor profiles: the owner's view and edits, and the public cards others see.
// Completeness is computed here from what is filled, never taken from the client. Features that
// must know when a profile changes register with onProfileSaved (matching re-scores), so profiles
// never imports them.
import { and, eq, gt, sql } from 'drizzle-orm';
import type {
  InvestorCard,
  InvestorPreferences,
  InvestorProfile,
  OwnProfile,
  StartupCard,
  StartupProfile,
  TeamMember,
  UpdateInvestorProfileBody,
  UpdateStartupProfileBody,
} from '../../../shared/contracts/profiles';
import { investorCompleteness, startupCompleteness } from '../../../shared/profile-completeness';
import { notFound } from '../../app-error';
import type { AppDatabase } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { activities, investorProfiles, startupProfiles } from '../../db/schema';
import type { Actor } from '../../actor';
import { recordActivity } from '../activity';

type StartupRow = typeof startupProfiles.$inferSelect;
type InvestorRow = typeof investorProfiles.$inferSelect;

const EMPTY_PREFERENCES: InvestorPreferences = { stages: [], checkSizes: [], industries: [], location: '' };
const PROFILE_MISSING = 'You have not created your profile yet. Complete it so matches can find you.';
// Re-opening the same profile within this window does not add another feed entry.
const VIEW_DEDUPE_MS = 60 * 60 * 1000;

const emptyToNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);

function toStartupProfile(row: StartupRow): StartupProfile {
  return {
    kind: 'startup',
    id: row.id,
    userId: row.userId,
    companyName: row.companyName,
    logo: row.logo,
    website: row.website,
    location: row.location,
    foundingDate: row.foundingDate,
    stage: row.stage,
    industry: row.industry,
    description: row.description,
    teamSize: row.teamSize,
    fundingGoal: row.fundingGoal,
    team: (row.team as TeamMember[] | null) ?? [],
    investorPreferences: { ...EMPTY_PREFERENCES, ...((row.investorPreferences as Partial<InvestorPreferences> | null) ?? {}) },
    profileCompleteness: row.profileCompleteness,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toInvestorProfile(row: InvestorRow): InvestorProfile {
  return {
    kind: 'investor',
    id: row.id,
    userId: row.userId,
    firmName: row.firmName,
    logo: row.logo,
    website: row.website,
    location: row.location,
    foundingDate: row.foundingDate,
    description: row.description,
    investmentThesis: row.investmentThesis,
    stagePreference: row.stagePreference,
    industryFocus: row.industryFocus,
    investmentRange: row.investmentRange,
    portfolioSize: row.portfolioSize,
    profileCompleteness: row.profileCompleteness,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The public startup card; `id` is the account id (docs/decisions/0004). */
export function toStartupCard(row: StartupRow): StartupCard {
  return {
    id: row.userId,
    companyName: row.companyName,
    logo: row.logo,
    location: row.location,
    industry: row.industry,
    stage: row.stage,
    fundingGoal: row.fundingGoal,
    teamSize: row.teamSize,
    website: row.website,
    foundingDate: row.foundingDate,
    description: row.description,
  };
}

/** The public investor card; `id` is the account id (docs/decisions/0004). */
export function toInvestorCard(row: InvestorRow): InvestorCard {
  return {
    id: row.userId,
    firmName: row.firmName,
    logo: row.logo,
    location: row.location,
    portfolioSize: row.portfolioSize,
    stagePreference: row.stagePreference,
    investmentRange: row.investmentRange,
    industryFocus: row.industryFocus,
    website: row.website,
    foundingDate: row.foundingDate,
    description: row.description,
    investmentThesis: row.investmentThesis,
  };
}

export async function getOwnProfile(db: AppDatabase, actor: Actor): Promise<OwnProfile> {
  if (actor.userType === 'startup') {
    const [row] = await db.select().from(startupProfiles).where(eq(startupProfiles.userId, actor.id));
    if (!row) throw notFound(PROFILE_MISSING);
    return toStartupProfile(row);
  }
  const [row] = await db.select().from(investorProfiles).where(eq(investorProfiles.userId, actor.id));
  if (!row) throw notFound(PROFILE_MISSING);
  return toInvestorProfile(row);
}

export async function updateStartupProfile(db: AppDatabase, actor: Actor, input: UpdateStartupProfileBody & { foundingDate: string }): Promise<StartupProfile> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(startupProfiles).where(eq(startupProfiles.userId, actor.id));
    const values = {
      companyName: input.companyName,
      website: emptyToNull(input.website),
      location: input.location,
      foundingDate: emptyToNull(input.foundingDate),
      stage: input.stage,
      industry: input.industry,
      description: input.description,
      teamSize: input.teamSize,
      fundingGoal: input.fundingGoal,
      // Omitted tabs keep what was saved before.
      team: input.team ?? (existing?.team as TeamMember[] | null) ?? [],
      investorPreferences: input.investorPreferences ?? (existing?.investorPreferences as InvestorPreferences | null) ?? EMPTY_PREFERENCES,
    };
    const profileCompleteness = startupCompleteness(values);
    // updated_at comes from the database clock, like the insert's default: the matching engine
    // syncs on it, and every instance must read one clock.
    const [row] = await tx
      .insert(startupProfiles)
      .values({ userId: actor.id, ...values, profileCompleteness })
      .onConflictDoUpdate({ target: startupProfiles.userId, set: { ...values, profileCompleteness, updatedAt: sql`now()` } })
      .returning();
    await recordActivity(tx, { userId: actor.id, activityType: 'profile_updated', entityId: row!.id, description: existing ? 'Updated your company profile' : 'Created your company profile' });
    return toStartupProfile(row!);
  });
}

export async function updateInvestorProfile(db: AppDatabase, actor: Actor, input: UpdateInvestorProfileBody & { foundingDate: string }): Promise<InvestorProfile> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: investorProfiles.id }).from(investorProfiles).where(eq(investorProfiles.userId, actor.id));
    const values = {
      firmName: input.firmName,
      website: emptyToNull(input.website),
      location: input.location,
      foundingDate: emptyToNull(input.foundingDate),
      description: input.description,
      investmentThesis: input.investmentThesis,
      portfolioSize: input.portfolioSize ?? null,
      industryFocus: input.industryFocus,
      stagePreference: input.stagePreference,
      investmentRange: input.investmentRange,
    };
    const profileCompleteness = investorCompleteness(values);
    const [row] = await tx
      .insert(investorProfiles)
      .values({ userId: actor.id, ...values, profileCompleteness })
      .onConflictDoUpdate({ target: investorProfiles.userId, set: { ...values, profileCompleteness, updatedAt: sql`now()` } })
      .returning();
    await recordActivity(tx, { userId: actor.id, activityType: 'profile_updated', entityId: row!.id, description: existing ? 'Updated your firm profile' : 'Created your firm profile' });
    return toInvestorProfile(row!);
  });
}

async function recordProfileView(db: AppDatabase, viewer: Actor, viewedUserId: number, name: string): Promise<void> {
  const since = new Date(Date.now() - VIEW_DEDUPE_MS);
  const [recent] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.userId, viewer.id), eq(activities.activityType, 'viewed_profile'), eq(activities.entityId, viewedUserId), gt(activities.createdAt, since)))
    .limit(1);
  if (recent) return;
  await recordActivity(db, { userId: viewer.id, activityType: 'viewed_profile', entityId: viewedUserId, description: `Viewed ${name}'s profile` });
}

/** An investor opens a startup's public profile (the route admits investors only). */
export async function viewStartupCard(db: AppDatabase, viewer: Actor, startupUserId: number): Promise<StartupCard> {
  const [row] = await db.select().from(startupProfiles).where(eq(startupProfiles.userId, startupUserId));
  if (!row) throw notFound('This startup profile does not exist.');
  await recordProfileView(db, viewer, startupUserId, row.companyName);
  return toStartupCard(row);
}

/** A startup opens an investor's public profile (the route admits startups only). */
export async function viewInvestorCard(db: AppDatabase, viewer: Actor, investorUserId: number): Promise<InvestorCard> {
  const [row] = await db.select().from(investorProfiles).where(eq(investorProfiles.userId, investorUserId));
  if (!row) throw notFound('This investor profile does not exist.');
  await recordProfileView(db, viewer, investorUserId, row.firmName);
  return toInvestorCard(row);
}

/** Work another feature does after a profile is saved and committed. */
export type ProfileSavedReaction = (deps: { db: AppDatabase; jobs: JobQueue }, user: Pick<Actor, 'id' | 'userType'>) => Promise<unknown>;

const profileSavedReactions = new Set<ProfileSavedReaction>();

/** Registers a reaction to profile saves (once: registering the same function again does nothing). */
export function onProfileSaved(reaction: ProfileSavedReaction): void {
  profileSavedReactions.add(reaction);
}

/** Runs the registered reactions; the profile routes call it after each save. */
export async function runProfileSavedReactions(deps: { db: AppDatabase; jobs: JobQueue }, user: Pick<Actor, 'id' | 'userType'>): Promise<void> {
  for (const reaction of profileSavedReactions) await reaction(deps, user);
}
