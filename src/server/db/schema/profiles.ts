// Startup and investor profiles. One profile per account.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const startupProfiles = pgTable(
  'startup_profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    logo: text('logo'),
    website: text('website'),
    location: text('location'),
    foundingDate: text('founding_date'),
    stage: text('stage'),
    industry: text('industry'),
    description: text('description'),
    teamSize: integer('team_size'),
    fundingGoal: integer('funding_goal'),
    pitchDeck: text('pitch_deck'),
    businessModel: jsonb('business_model'),
    financials: jsonb('financials'),
    team: jsonb('team'),
    // What the startup seeks in an investor; matching reads it as the startup side's preferences.
    investorPreferences: jsonb('investor_preferences'),
    // Discovery (issue #19, ADR 0045): "raising now" is the startup's own switch; the directory's
    // filter reads it. The ISO 3166-1 alpha-2 country is derived from `location` on every save
    // (shared/countries.ts), so the directory filters by country and region with an index.
    raisingNow: boolean('raising_now').notNull().default(true),
    countryCode: text('country_code'),
    profileCompleteness: integer('profile_completeness').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check('startup_profiles_completeness_range', sql`${t.profileCompleteness} between 0 and 100`),
    // The matching engine re-reads profiles saved since its last sync (features/matching/engine-store.ts).
    index('startup_profiles_updated_at_idx').on(t.updatedAt),
    // Search (features/search): names found by similarity, so a typo still finds them ("ledgr").
    // The full-text column `search_vector` and its GIN index are created by drizzle/0014_search.sql
    // and deliberately not declared here, so that select() never carries a tsvector along.
    index('startup_profiles_company_name_trgm_idx').using('gin', t.companyName.op('gin_trgm_ops')),
    // The directory's "newest" order (keyset: created_at, user_id) and its country filter.
    index('startup_profiles_created_idx').on(t.createdAt.desc(), t.userId.desc()),
    index('startup_profiles_country_idx').on(t.countryCode),
  ],
);

export const investorProfiles = pgTable(
  'investor_profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    firmName: text('firm_name').notNull(),
    logo: text('logo'),
    website: text('website'),
    location: text('location'),
    foundingDate: text('founding_date'),
    description: text('description'),
    investmentThesis: text('investment_thesis'),
    stagePreference: jsonb('stage_preference').$type<string[]>().notNull().default([]),
    industryFocus: jsonb('industry_focus').$type<string[]>().notNull().default([]),
    investmentRange: jsonb('investment_range').$type<string[]>().notNull().default([]),
    portfolioSize: integer('portfolio_size'),
    // Fair intake (issue #19, ADR 0045): whether the investor takes new deals at all, and how many
    // new connection requests from startups reach them per week; the rest wait in a queue.
    openToNewDeals: boolean('open_to_new_deals').notNull().default(true),
    weeklyRequestCap: integer('weekly_request_cap').notNull().default(25),
    countryCode: text('country_code'),
    profileCompleteness: integer('profile_completeness').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check('investor_profiles_completeness_range', sql`${t.profileCompleteness} between 0 and 100`),
    index('investor_profiles_updated_at_idx').on(t.updatedAt),
    // Search: see startup_profiles (the trigram index here; search_vector in drizzle/0014_search.sql).
    index('investor_profiles_firm_name_trgm_idx').using('gin', t.firmName.op('gin_trgm_ops')),
    index('investor_profiles_created_idx').on(t.createdAt.desc(), t.userId.desc()),
    index('investor_profiles_country_idx').on(t.countryCode),
    check('investor_profiles_weekly_request_cap_range', sql`${t.weeklyRequestCap} between 1 and 500`),
  ],
);
