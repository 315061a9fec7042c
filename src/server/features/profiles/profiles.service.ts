// Startup and investor profiles: the owner's view and edits, and the public cards others see.
// Completeness is computed here from what is filled, never taken from the client. Features that
// must know when a profile changes register with onProfileSaved (profile-reactions.ts; matching
// re-scores), so profiles never imports them.
import { and, eq, gt, sql } from 'drizzle-orm';
import type {
  InvestorCard,
  InvestorPreferences,
  InvestorProfile,
  OwnProfile,
  StartupCard,
  StartupProfile,
  Traction,
  UpdateInvestorProfileBody,
  UpdateStartupProfileBody,
} from '../../../shared/contracts/profiles';
import { investorCompleteness, startupCompleteness } from '../../../shared/profile-completeness';
import { notFound } from '../../app-error';
import { activities, blocks, investorProfiles, startupProfiles } from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../service-context';
import { recordActivity } from '../activity';
import { emailVerifiedOfProfile, teamOf, toInvestorCard, toStartupCard, tractionOf, TRACTION_KEYS, type InvestorRow, type StartupRow } from './profile-cards';
import { runProfileSavedReactions } from './profile-reactions';

const EMPTY_PREFERENCES: InvestorPreferences = { stages: [], checkSizes: [], industries: [], location: '' };
const PROFILE_MISSING = 'You have not created your profile yet. Complete it so matches can find you.';
// Re-opening the same profile within this window does not add another feed entry.
const VIEW_DEDUPE_MS = 60 * 60 * 1000;

const emptyToNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);

/**
 * The `financials` to store after a save that sent traction: its three keys replaced (a figure not
 * shared is removed, not stored as null), every other key kept. Older rows hold keys of their own
 * (`mrr`, `gmv`, a `growth` note) that the matching engine still reads as signals, and nothing on
 * screen edits them, so a traction save must not wipe them.
 */
function withTraction(financials: unknown, traction: Traction): Record<string, unknown> {
  const merged: Record<string, unknown> = typeof financials === 'object' && financials !== null && !Array.isArray(financials) ? { ...financials } : {};
  for (const key of TRACTION_KEYS) {
    const value = traction[key];
    if (value === null || value === undefined) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

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
    team: teamOf(row.team),
    investorPreferences: { ...EMPTY_PREFERENCES, ...((row.investorPreferences as Partial<InvestorPreferences> | null) ?? {}) },
    traction: tractionOf(row.financials),
    raisingNow: row.raisingNow,
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

export async function getOwnProfile(ctx: ServiceContext): Promise<OwnProfile> {
  const { db, actor } = ctx;
  if (actor.userType === 'startup') {
    const [row] = await db.select().from(startupProfiles).where(eq(startupProfiles.userId, actor.id));
    if (!row) throw notFound(PROFILE_MISSING);
    return toStartupProfile(row);
  }
  const [row] = await db.select().from(investorProfiles).where(eq(investorProfiles.userId, actor.id));
  if (!row) throw notFound(PROFILE_MISSING);
  return toInvestorProfile(row);
}

/**
 * Saves the startup's profile. Once it has committed, the features that follow profiles react
 * (matching queues a durable re-score of the user's pending matches): the save does not wait for
 * their work itself.
 */
export async function updateStartupProfile(ctx: ServiceContext, input: UpdateStartupProfileBody & { foundingDate: string }): Promise<StartupProfile> {
  const { actor } = ctx;
  const profile = await ctx.db.transaction(async (tx) => {
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
      team: input.team ?? teamOf(existing?.team),
      investorPreferences: input.investorPreferences ?? (existing?.investorPreferences as InvestorPreferences | null) ?? EMPTY_PREFERENCES,
      ...(input.traction ? { financials: withTraction(existing?.financials, input.traction) } : {}),
      // Left out, the column keeps its value (on a first save, its default: raising).
      ...(input.raisingNow === undefined ? {} : { raisingNow: input.raisingNow }),
    };
    const profileCompleteness = startupCompleteness(values);
    // updated_at comes from the database clock, like the insert's default: the matching engine
    // syncs on it, and every instance must read one clock.
    const [row] = await tx
      .insert(startupProfiles)
      .values({ userId: actor.id, ...values, profileCompleteness })
      .onConflictDoUpdate({ target: startupProfiles.userId, set: { ...values, profileCompleteness, updatedAt: sql`now()` } })
      .returning();
    await recordActivity(inTransaction(ctx, tx), {
      userId: actor.id,
      activityType: 'profile_updated',
      entityId: row!.id,
      description: existing ? 'Updated your company profile' : 'Created your company profile',
    });
    return toStartupProfile(row!);
  });
  await runProfileSavedReactions(ctx);
  return profile;
}

/** Saves the investor's profile; the followers react once it has committed, as for startups. */
export async function updateInvestorProfile(ctx: ServiceContext, input: UpdateInvestorProfileBody & { foundingDate: string }): Promise<InvestorProfile> {
  const { actor } = ctx;
  const profile = await ctx.db.transaction(async (tx) => {
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
    await recordActivity(inTransaction(ctx, tx), {
      userId: actor.id,
      activityType: 'profile_updated',
      entityId: row!.id,
      description: existing ? 'Updated your firm profile' : 'Created your firm profile',
    });
    return toInvestorProfile(row!);
  });
  await runProfileSavedReactions(ctx);
  return profile;
}

async function recordProfileView(ctx: ServiceContext, viewedUserId: number, name: string): Promise<void> {
  const viewer = ctx.actor;
  const since = new Date(ctx.clock().getTime() - VIEW_DEDUPE_MS);
  const [recent] = await ctx.db
    .select({ id: activities.id })
    .from(activities)
    .where(
      and(
        eq(activities.userId, viewer.id),
        eq(activities.activityType, 'viewed_profile'),
        eq(activities.entityId, viewedUserId),
        gt(activities.createdAt, since),
      ),
    )
    .limit(1);
  if (recent) return;
  await recordActivity(ctx, { userId: viewer.id, activityType: 'viewed_profile', entityId: viewedUserId, description: `Viewed ${name}'s profile` });
}

/**
 * Whether the profile's owner has blocked the viewer: to them the profile does not exist (404).
 * Profiles sits below matching and safety in the feature graph, so it reads the blocks table itself.
 */
async function blockedBy(ctx: ServiceContext, ownerId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, ownerId), eq(blocks.blockedId, ctx.actor.id)));
  return Boolean(row);
}

/** An investor opens a startup's public profile (the route admits investors only). */
export async function viewStartupCard(ctx: ServiceContext, startupUserId: number): Promise<StartupCard> {
  const [found] = await ctx.db
    .select({ row: startupProfiles, emailVerified: emailVerifiedOfProfile('startup_profiles') })
    .from(startupProfiles)
    .where(eq(startupProfiles.userId, startupUserId));
  if (!found || (await blockedBy(ctx, startupUserId))) throw notFound('This startup profile does not exist.');
  await recordProfileView(ctx, startupUserId, found.row.companyName);
  return toStartupCard(found.row, found.emailVerified);
}

/** A startup opens an investor's public profile (the route admits startups only). */
export async function viewInvestorCard(ctx: ServiceContext, investorUserId: number): Promise<InvestorCard> {
  const [found] = await ctx.db
    .select({ row: investorProfiles, emailVerified: emailVerifiedOfProfile('investor_profiles') })
    .from(investorProfiles)
    .where(eq(investorProfiles.userId, investorUserId));
  if (!found || (await blockedBy(ctx, investorUserId))) throw notFound('This investor profile does not exist.');
  await recordProfileView(ctx, investorUserId, found.row.firmName);
  return toInvestorCard(found.row, found.emailVerified);
}
