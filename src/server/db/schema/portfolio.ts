// An investor's portfolio companies (the product's portfolio company entity; made persistent by issue #8).
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const portfolioCompanies = pgTable(
  'portfolio_companies',
  {
    id: serial('id').primaryKey(),
    investorId: integer('investor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    industry: text('industry').notNull(),
    stage: text('stage').notNull(),
    logo: text('logo'),
    website: text('website'),
    investmentDate: date('investment_date').notNull(),
    // Whole US dollars; shown like '$2.5M'.
    investmentAmount: bigint('investment_amount', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    performance: text('performance').notNull().default('stable'),
    // Set when the company was added from an accepted match, so it is not offered twice.
    startupId: integer('startup_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('portfolio_companies_investor_idx').on(t.investorId),
    check('portfolio_companies_performance_check', sql`${t.performance} in ('growing', 'stable', 'declining')`),
    check('portfolio_companies_amount_check', sql`${t.investmentAmount} >= 0`),
  ],
);
