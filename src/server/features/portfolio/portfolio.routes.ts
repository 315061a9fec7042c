// Portfolio and analytics endpoints (issue #8): investors only. Thin: access, parse, one call.
import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/portfolio';
import { defineRoute } from '../../http/route';
import { getInvestorAnalytics } from '../analytics';
import * as portfolio from './portfolio.service';

export function registerPortfolioRoutes(app: FastifyInstance): void {
  defineRoute(app, contracts.listPortfolio, 'investor', ({ ctx }) => portfolio.listPortfolio(ctx));
  defineRoute(app, contracts.createPortfolioCompany, 'investor', ({ ctx, body }) => portfolio.createPortfolioCompany(ctx, body));
  defineRoute(app, contracts.updatePortfolioCompany, 'investor', ({ ctx, params, body }) => portfolio.updatePortfolioCompany(ctx, { ...body, id: params.id }));
  defineRoute(app, contracts.deletePortfolioCompany, 'investor', async ({ ctx, params }) => {
    await portfolio.deletePortfolioCompany(ctx, params.id);
    return { ok: true as const };
  });
  defineRoute(app, contracts.listPortfolioCandidates, 'investor', ({ ctx }) => portfolio.listPortfolioCandidates(ctx));
  defineRoute(app, contracts.exportPortfolioCsv, 'investor', async ({ ctx, reply }) => {
    const csv = await portfolio.exportPortfolioCsv(ctx);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="portfolio.csv"')
      .header('Cache-Control', 'private, no-store')
      .send(csv);
  });
  defineRoute(app, contracts.getInvestorAnalytics, 'investor', ({ ctx }) => getInvestorAnalytics(ctx));
}
