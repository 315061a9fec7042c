// Discovery (issue #19, ADR 0045): investors' track records and everyone's saved directory searches.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * An investor's past investments, added one by one or imported from CSV. Public on the investor's
 * profile, and matching reads them as revealed preferences (docs/matching.md).
 */
export const trackRecordInvestments = pgTable(
  'track_record_investments',
  {
    id: serial('id').primaryKey(),
    investorId: integer('investor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    investedOn: date('invested_on').notNull(),
    // One of the spec's stages and industries (shared/enums), mapped on import.
    stage: text('stage').notNull(),
    industry: text('industry').notNull(),
    location: text('location'),
    countryCode: text('country_code'),
    // Whole US dollars, when the investor chooses to say.
    amountUsd: bigint('amount_usd', { mode: 'number' }),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('track_record_investor_idx').on(t.investorId, t.investedOn.desc(), t.id.desc()),
    check('track_record_amount_check', sql`${t.amountUsd} is null or ${t.amountUsd} >= 0`),
  ],
);

/**
 * A directory search kept under a name. With alerts on, a durable job tells the owner when new
 * profiles match it (in-app, and by email through the notification preferences).
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // The directory's filters as the contract defines them (shared/contracts/discovery.ts).
    filters: jsonb('filters').notNull(),
    alertsEnabled: boolean('alerts_enabled').notNull().default(true),
    // Profiles that became visible after this moment are "new" for the next alert check.
    alertsCheckedAt: timestamp('alerts_checked_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_searches_user_name_unique').on(t.userId, sql`lower(${t.name})`),
    index('saved_searches_alerts_idx')
      .on(t.alertsCheckedAt)
      .where(sql`${t.alertsEnabled}`),
  ],
);
