// Portfolio and analytics endpoints (issue #8): investors only. Thin: access, parse, one call.
import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/portfolio';
import { defineRoute } from '../../http/route';
import { getInvestorAnalytics } from '../analytics';
import * as portfolio from './portfolio.service';

export function registerPortfolioRoutes(app: FastifyInstance): void {
  defineRoute(app, contracts.listPortfolio, 'investor', ({ actor }) => portfolio.listPortfolio(app.db, actor));
  defineRoute(app, contracts.createPortfolioCompany, 'investor', ({ actor, body }) => portfolio.createPortfolioCompany(app.db, actor, body));
  defineRoute(app, contracts.updatePortfolioCompany, 'investor', ({ actor, params, body }) => portfolio.updatePortfolioCompany(app.db, actor, params.id, body));
  defineRoute(app, contracts.deletePortfolioCompany, 'investor', async ({ actor, params }) => {
    await portfolio.deletePortfolioCompany(app.db, actor, params.id);
    return { ok: true as const };
  });
  defineRoute(app, contracts.listPortfolioCandidates, 'investor', ({ actor }) => portfolio.listPortfolioCandidates(app.db, actor));
  defineRoute(app, contracts.exportPortfolioCsv, 'investor', async ({ actor, reply }) => {
    const csv = await portfolio.exportPortfolioCsv(app.db, actor);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="portfolio.csv"')
      .header('Cache-Control', 'private, no-store')
      .send(csv);
  });
  defineRoute(app, contracts.getInvestorAnalytics, 'investor', ({ actor }) => getInvestorAnalytics(app.db, actor, app.clock()));
}
