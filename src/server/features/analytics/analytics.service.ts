// Investor analytics (issue #8): every chart's numbers aggregated in SQL, in one call, from the
// real tables. This is a read model: it reads other features' tables (matches, match_decisions,
// messages, document_views, portfolio_companies) directly instead of calling their services,
// because eight GROUP BYs beat loading every row through them. It never writes. See
// docs/decisions/0025-analytics-read-model.md and docs/portfolio-and-analytics.md.
import { sql, type SQL } from 'drizzle-orm';
import type { InvestorAnalytics } from '../../../shared/contracts/portfolio';
import { DECLINE_REASONS, PERFORMANCE_LEVELS, STAGES } from '../../../shared/enums';
import type { AppDatabase } from '../../db/client';
import type { ServiceContext } from '../../service-context';

/** How many weeks the activity chart covers, this week included. */
export const ACTIVITY_WEEKS = 12;

const NOT_GIVEN = 'Not given';
const NO_REASON = 'No reason given';
const DECLINED_BY_STARTUP = 'Declined by the startup';

async function rows<T>(db: AppDatabase, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Postgres returns count(*)::int as a number, but bigint sums as strings: normalise both. */
const toInt = (value: number | string | null | undefined) => Number(value ?? 0);

/** Sorts labels by a fixed vocabulary's order (stages, performance levels); unknown labels go last. */
function byVocabulary<T extends { label: string }>(list: T[], vocabulary: readonly string[]): T[] {
  const rank = (label: string) => {
    const index = vocabulary.indexOf(label);
    return index === -1 ? vocabulary.length : index;
  };
  return [...list].sort((a, b) => rank(a.label) - rank(b.label));
}

export async function getInvestorAnalytics(ctx: ServiceContext): Promise<InvestorAnalytics> {
  const { db } = ctx;
  // Every query below filters on the actor's own id: an investor only ever sees their own numbers.
  const me = ctx.actor.id;
  const now = ctx.clock();
  const nowUtc = sql`(${now.toISOString()}::timestamptz at time zone 'UTC')`;
  const [funnelRows, reasons, scores, industries, stages, weekly, portfolioIndustries, portfolioPerformance] = await Promise.all([
    rows<{ suggested: number; pending: number; accepted: number; declined: number }>(
      db,
      sql`
      select count(*)::int as suggested,
             count(*) filter (where status = 'pending')::int as pending,
             count(*) filter (where status = 'accepted')::int as accepted,
             count(*) filter (where status = 'rejected')::int as declined
        from matches where investor_id = ${me}`,
    ),
    // One row per match that is declined now, labelled by the decision that declined it last (a
    // reconsidered match is no longer declined, so its old reason does not count). The startup's
    // own reasons are its private feedback: the investor only learns that the startup declined.
    rows<{ side: string | null; reason: string | null; count: number }>(
      db,
      sql`
      select d.side, case when d.side = 'investor' then d.reason end as reason, count(*)::int as count
        from matches m
        left join lateral (
          select side, reason from match_decisions
           where match_id = m.id and decision = 'rejected'
           order by decided_at desc, id desc limit 1
        ) d on true
       where m.investor_id = ${me} and m.status = 'rejected'
       group by 1, 2`,
    ),
    rows<{ bucket: number; count: number }>(
      db,
      sql`
      select least(score / 10, 9)::int as bucket, count(*)::int as count
        from matches where investor_id = ${me} group by 1`,
    ),
    rows<{ label: string | null; count: number }>(
      db,
      sql`
      select s.industry as label, count(*)::int as count
        from matches m join startup_profiles s on s.user_id = m.startup_id
       where m.investor_id = ${me} and m.status = 'accepted'
       group by s.industry order by count desc, label`,
    ),
    rows<{ label: string | null; count: number }>(
      db,
      sql`
      select s.stage as label, count(*)::int as count
        from matches m join startup_profiles s on s.user_id = m.startup_id
       where m.investor_id = ${me} and m.status = 'accepted'
       group by s.stage`,
    ),
    // ISO weeks (Monday first) in UTC, so the buckets do not depend on the database's time zone.
    rows<{ week: string; messages_sent: number; documents_viewed: number }>(
      db,
      sql`
      with weeks as (
        select generate_series(date_trunc('week', ${nowUtc}) - interval '${sql.raw(String(ACTIVITY_WEEKS - 1))} weeks',
                               date_trunc('week', ${nowUtc}), interval '1 week') as week
      ),
      since as (select min(week) at time zone 'UTC' as at from weeks),
      sent as (
        select date_trunc('week', sent_at at time zone 'UTC') as week, count(*)::int as total
          from messages where sender_id = ${me} and sent_at >= (select at from since)
         group by 1
      ),
      viewed as (
        select date_trunc('week', opened_at at time zone 'UTC') as week, count(distinct document_id)::int as total
          from document_views where viewer_id = ${me} and opened_at >= (select at from since)
         group by 1
      )
      select to_char(w.week, 'YYYY-MM-DD') as week,
             coalesce(s.total, 0)::int as messages_sent,
             coalesce(v.total, 0)::int as documents_viewed
        from weeks w
        left join sent s on s.week = w.week
        left join viewed v on v.week = w.week
       order by w.week`,
    ),
    rows<{ label: string; count: number; amount: string | number }>(
      db,
      sql`
      select industry as label, count(*)::int as count, sum(investment_amount)::bigint as amount
        from portfolio_companies where investor_id = ${me}
       group by industry order by count desc, amount desc, label`,
    ),
    rows<{ label: string; count: number }>(
      db,
      sql`
      select performance as label, count(*)::int as count
        from portfolio_companies where investor_id = ${me} group by performance`,
    ),
  ]);

  const funnel = funnelRows[0] ?? { suggested: 0, pending: 0, accepted: 0, declined: 0 };
  const reasonLabel = (row: { side: string | null; reason: string | null }) =>
    row.side === 'startup' ? DECLINED_BY_STARTUP : (DECLINE_REASONS.find((reason) => reason.value === row.reason)?.label ?? NO_REASON);
  // Two rows can share a label (no decision row at all, and an investor decline without a reason).
  const reasonCounts = new Map<string, number>();
  for (const row of reasons) reasonCounts.set(reasonLabel(row), (reasonCounts.get(reasonLabel(row)) ?? 0) + toInt(row.count));
  const reasonOrder = [...DECLINE_REASONS.map((reason) => reason.label as string), NO_REASON, DECLINED_BY_STARTUP];
  const declineReasons = [...reasonCounts]
    .map(([label, count]) => ({ label, count }))
    .sort((a, b) => b.count - a.count || reasonOrder.indexOf(a.label) - reasonOrder.indexOf(b.label));

  const byBucket = new Map(scores.map((row) => [toInt(row.bucket), toInt(row.count)]));
  return {
    funnel: {
      suggested: toInt(funnel.suggested),
      pending: toInt(funnel.pending),
      accepted: toInt(funnel.accepted),
      declined: toInt(funnel.declined),
      declineReasons,
    },
    scoreDistribution: Array.from({ length: 10 }, (_, bucket) => ({
      label: bucket === 9 ? '90–100' : `${bucket * 10}–${bucket * 10 + 9}`,
      count: byBucket.get(bucket) ?? 0,
    })),
    acceptedByIndustry: industries.map((row) => ({ label: row.label ?? NOT_GIVEN, count: toInt(row.count) })),
    acceptedByStage: byVocabulary(
      stages.map((row) => ({ label: row.label ?? NOT_GIVEN, count: toInt(row.count) })),
      STAGES,
    ),
    weeklyActivity: weekly.map((row) => ({ week: row.week, messagesSent: toInt(row.messages_sent), documentsViewed: toInt(row.documents_viewed) })),
    portfolioByIndustry: portfolioIndustries.map((row) => ({ label: row.label, count: toInt(row.count), amount: toInt(row.amount) })),
    portfolioByPerformance: byVocabulary(
      portfolioPerformance.map((row) => ({ label: row.label, count: toInt(row.count) })),
      PERFORMANCE_LEVELS,
    ),
  };
}
