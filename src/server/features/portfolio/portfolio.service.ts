// The investor's portfolio: companies they invested in, owned by that investor only (404 for
// anyone else), with a one-step add for connected startups and a CSV export.
import { and, asc, count, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { NewPortfolioCompany, PortfolioCompany, UpdatePortfolioCompanyBody } from '../../../shared/contracts/portfolio';
import { formatDollars, type Performance } from '../../../shared/enums';
import { invalid, notFound } from '../../app-error';
import type { AppDatabase } from '../../db/client';
import { portfolioCompanies, startupProfiles } from '../../db/schema';
import type { Actor } from '../../actor';
import { areConnected, connectedPartnerIds } from '../matching';

type PortfolioRow = typeof portfolioCompanies.$inferSelect;

const toCompany = (row: PortfolioRow): PortfolioCompany => ({
  id: row.id,
  companyName: row.companyName,
  industry: row.industry,
  stage: row.stage,
  logo: row.logo,
  website: row.website,
  investmentDate: row.investmentDate,
  investmentAmount: row.investmentAmount,
  description: row.description,
  performance: row.performance as Performance,
  startupId: row.startupId,
  createdAt: row.createdAt.toISOString(),
});

const ownedBy = (actor: Actor, id: number) => and(eq(portfolioCompanies.id, id), eq(portfolioCompanies.investorId, actor.id));

export async function listPortfolio(db: AppDatabase, actor: Actor): Promise<PortfolioCompany[]> {
  const rows = await db.select().from(portfolioCompanies).where(eq(portfolioCompanies.investorId, actor.id)).orderBy(desc(portfolioCompanies.investmentDate), desc(portfolioCompanies.id));
  return rows.map(toCompany);
}

/** A transaction-scoped lock per investor, so two adds of the same startup cannot both pass the duplicate check. */
const PORTFOLIO_LOCK_CLASS = sql`hashtext('portfolio_companies')`;

export async function createPortfolioCompany(
  db: AppDatabase,
  actor: Actor,
  input: NewPortfolioCompany,
): Promise<PortfolioCompany> {
  return db.transaction(async (tx) => {
    if (input.startupId !== undefined) {
      await tx.execute(sql`select pg_advisory_xact_lock(${PORTFOLIO_LOCK_CLASS}, ${actor.id})`);
      // Only a connected startup (accepted match with this investor) can be linked; anyone else
      // gets the same answer whether or not the account exists.
      if (!(await areConnected(tx, input.startupId, actor.id))) {
        throw invalid('You can add a startup from your matches only once its match is accepted.', { startupId: ['Choose a connected startup'] });
      }
      const [existing] = await tx
        .select({ id: portfolioCompanies.id })
        .from(portfolioCompanies)
        .where(and(eq(portfolioCompanies.investorId, actor.id), eq(portfolioCompanies.startupId, input.startupId)));
      if (existing) throw invalid('This startup is already in your portfolio.', { startupId: ['Already in your portfolio'] });
    }
    const [row] = await tx
      .insert(portfolioCompanies)
      .values({
        investorId: actor.id,
        companyName: input.companyName,
        industry: input.industry,
        stage: input.stage,
        website: input.website || null,
        investmentDate: input.investmentDate,
        investmentAmount: input.investmentAmount,
        description: input.description,
        performance: input.performance,
        startupId: input.startupId ?? null,
      })
      .returning();
    return toCompany(row!);
  });
}

export async function updatePortfolioCompany(db: AppDatabase, actor: Actor, id: number, input: UpdatePortfolioCompanyBody): Promise<PortfolioCompany> {
  const changes = { ...input, ...(input.website !== undefined ? { website: input.website || null } : {}), updatedAt: new Date() };
  // Ownership is part of the WHERE: another investor's id matches no row and gets the same 404 as a missing one.
  const [row] = await db.update(portfolioCompanies).set(changes).where(ownedBy(actor, id)).returning();
  if (!row) throw notFound('This portfolio company does not exist.');
  return toCompany(row);
}

export async function deletePortfolioCompany(db: AppDatabase, actor: Actor, id: number): Promise<void> {
  const deleted = await db.delete(portfolioCompanies).where(ownedBy(actor, id)).returning({ id: portfolioCompanies.id });
  if (deleted.length === 0) throw notFound('This portfolio company does not exist.');
}

/** Connected startups (accepted matches) that are not in the portfolio yet, to add in one step. */
export async function listPortfolioCandidates(db: AppDatabase, actor: Actor) {
  return db
    .select({
      startupId: startupProfiles.userId,
      companyName: startupProfiles.companyName,
      industry: startupProfiles.industry,
      stage: startupProfiles.stage,
      website: startupProfiles.website,
      description: startupProfiles.description,
    })
    .from(startupProfiles)
    .where(
      and(
        inArray(startupProfiles.userId, connectedPartnerIds(actor.id)),
        notExists(db.select({ id: portfolioCompanies.id }).from(portfolioCompanies).where(and(eq(portfolioCompanies.investorId, actor.id), eq(portfolioCompanies.startupId, startupProfiles.userId)))),
      ),
    )
    .orderBy(asc(startupProfiles.companyName));
}

export async function countPortfolioCompanies(db: AppDatabase, actor: Actor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(portfolioCompanies).where(eq(portfolioCompanies.investorId, actor.id));
  return row?.value ?? 0;
}

// A cell starting with = + - @ (or a tab, CR or LF, or the full-width forms of the four signs) is
// run as a formula by spreadsheet apps: an apostrophe in front makes it plain text (OWASP "CSV
// injection"). Then RFC 4180 quoting: a cell with a comma, quote or line break goes in quotes.
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function exportPortfolioCsv(db: AppDatabase, actor: Actor): Promise<string> {
  const companies = await listPortfolio(db, actor);
  const header = ['Company', 'Industry', 'Stage', 'Website', 'Investment date', 'Investment (USD)', 'Investment', 'Performance', 'Description'];
  const lines = companies.map((company) =>
    [company.companyName, company.industry, company.stage, company.website, company.investmentDate, company.investmentAmount, formatDollars(company.investmentAmount), company.performance, company.description]
      .map(csvCell)
      .join(','),
  );
  // The BOM makes Excel read the file as UTF-8.
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

