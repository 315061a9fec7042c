// The investor's portfolio: companies they invested in, owned by that investor only (404 for
// anyone else), with a one-step add for connected startups and a CSV export.
import { and, asc, count, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { NewPortfolioCompany, PortfolioCompany, UpdatePortfolioCompanyBody } from '../../../shared/contracts/portfolio';
import type { Performance } from '../../../shared/enums';
import { forbidden, invalid, notFound } from '../../app-error';
import { portfolioCompanies, startupProfiles } from '../../db/schema';
import type { Actor } from '../../actor';
import { inTransaction, type ServiceContext } from '../../service-context';
import { areConnected, connectedPartnerIds } from '../matching';
import { portfolioCsv } from './portfolio-csv';

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

export async function listPortfolio(ctx: ServiceContext): Promise<PortfolioCompany[]> {
  const { db, actor } = ctx;
  const rows = await db
    .select()
    .from(portfolioCompanies)
    .where(eq(portfolioCompanies.investorId, actor.id))
    .orderBy(desc(portfolioCompanies.investmentDate), desc(portfolioCompanies.id));
  return rows.map(toCompany);
}

/** A transaction-scoped lock per investor, so two adds of the same startup cannot both pass the duplicate check. */
const PORTFOLIO_LOCK_CLASS = sql`hashtext('portfolio_companies')`;

export async function createPortfolioCompany(ctx: ServiceContext, input: NewPortfolioCompany): Promise<PortfolioCompany> {
  const { actor } = ctx;
  return ctx.db.transaction(async (tx) => {
    if (input.startupId !== undefined) {
      await tx.execute(sql`select pg_advisory_xact_lock(${PORTFOLIO_LOCK_CLASS}, ${actor.id})`);
      // Only a connected startup (both accepted the match) can be linked; anyone else gets the
      // same answer whether or not the account exists.
      if (!(await areConnected(inTransaction(ctx, tx), input.startupId))) {
        throw forbidden('You can add a startup from your matches only once you are connected: both of you must accept the match.');
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
    // The dashboard counts the portfolio; its cached answer goes (http/answer-cache.ts).
    await ctx.events.publish(tx, [actor.id], { type: 'reads_changed' });
    return toCompany(row!);
  });
}

export async function updatePortfolioCompany(ctx: ServiceContext, input: UpdatePortfolioCompanyBody & { id: number }): Promise<PortfolioCompany> {
  const { id, ...fields } = input;
  const changes = { ...fields, ...(fields.website !== undefined ? { website: fields.website || null } : {}), updatedAt: ctx.clock() };
  // Ownership is part of the WHERE: another investor's id matches no row and gets the same 404 as a missing one.
  const [row] = await ctx.db.update(portfolioCompanies).set(changes).where(ownedBy(ctx.actor, id)).returning();
  if (!row) throw notFound('This portfolio company does not exist.');
  return toCompany(row);
}

export async function deletePortfolioCompany(ctx: ServiceContext, id: number): Promise<void> {
  const deleted = await ctx.db.delete(portfolioCompanies).where(ownedBy(ctx.actor, id)).returning({ id: portfolioCompanies.id });
  if (deleted.length === 0) throw notFound('This portfolio company does not exist.');
  await ctx.events.publish(ctx.db, [ctx.actor.id], { type: 'reads_changed' });
}

/** Connected startups (both accepted the match) that are not in the portfolio yet, to add in one step. */
export async function listPortfolioCandidates(ctx: ServiceContext) {
  const { db, actor } = ctx;
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
        inArray(startupProfiles.userId, connectedPartnerIds(ctx)),
        notExists(
          db
            .select({ id: portfolioCompanies.id })
            .from(portfolioCompanies)
            .where(and(eq(portfolioCompanies.investorId, actor.id), eq(portfolioCompanies.startupId, startupProfiles.userId))),
        ),
      ),
    )
    .orderBy(asc(startupProfiles.companyName));
}

export async function countPortfolioCompanies(ctx: ServiceContext): Promise<number> {
  const [row] = await ctx.db.select({ value: count() }).from(portfolioCompanies).where(eq(portfolioCompanies.investorId, ctx.actor.id));
  return row?.value ?? 0;
}

/** The actor's portfolio as a CSV file (portfolio-csv.ts). */
export async function exportPortfolioCsv(ctx: ServiceContext): Promise<string> {
  return portfolioCsv(await listPortfolio(ctx));
}
