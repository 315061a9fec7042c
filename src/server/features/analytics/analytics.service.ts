// Investor analytics: every chart's numbers computed in SQL, in one call, from the real tables.
import { sql } from 'drizzle-orm';
import type { InvestorAnalytics } from '../../../shared/contracts/portfolio';
import { DECLINE_REASONS } from '../../../shared/enums';
import type { AppDatabase } from '../../db/client';
import type { Actor } from '../../http/session';

const WEEKS = 12;

async function rows<T>(db: AppDatabase, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const countBy = (list: Array<{ label: string | null; count: number | string }>) => list.map((row) => ({ label: row.label ?? 'Not given', count: Number(row.count) }));

export async function getInvestorAnalytics(db: AppDatabase, actor: Actor, now = new Date()): Promise<InvestorAnalytics> {
  const me = actor.id;
  const [funnelRows, reasons, scores, industries, stages, weekly, portfolioIndustries, portfolioPerformance] = await Promise.all([
    rows<{ suggested: number; pending: number; accepted: number; declined: number }>(db, sql`
      select count(*)::int as suggested,
             count(*) filter (where status = 'pending')::int as pending,
             count(*) filter (where status = 'accepted')::int as accepted,
             count(*) filter (where status = 'rejected')::int as declined
        from matches where investor_id = ${me}`),
    // Why this investor declined (their own decisions only).
    rows<{ label: string | null; count: number }>(db, sql`
      select d.reason as label, count(*)::int as count
        from match_decisions d join matches m on m.id = d.match_id
       where m.investor_id = ${me} and d.user_id = ${me} and d.decision = 'rejected'
       group by d.reason order by count desc`),
    rows<{ bucket: number; count: number }>(db, sql`
      select least(score / 10, 9)::int as bucket, count(*)::int as count
        from matches where investor_id = ${me} group by 1`),
    rows<{ label: string | null; count: number }>(db, sql`
      select s.industry as label, count(*)::int as count
        from matches m join startup_profiles s on s.user_id = m.startup_id
       where m.investor_id = ${me} and m.status = 'accepted' group by s.industry order by count desc, label`),
    rows<{ label: string | null; count: number }>(db, sql`
      select s.stage as label, count(*)::int as count
        from matches m join startup_profiles s on s.user_id = m.startup_id
       where m.investor_id = ${me} and m.status = 'accepted' group by s.stage order by count desc, label`),
    rows<{ week: string; messages_sent: number; documents_viewed: number }>(db, sql`
      with weeks as (
        select generate_series(date_trunc('week', ${now.toISOString()}::timestamptz) - interval '${sql.raw(String(WEEKS - 1))} weeks',
                               date_trunc('week', ${now.toISOString()}::timestamptz), interval '1 week') as week
      )
      select to_char(w.week, 'YYYY-MM-DD') as week,
             (select count(*)::int from messages m where m.sender_id = ${me} and date_trunc('week', m.sent_at) = w.week) as messages_sent,
             (select count(*)::int from document_views v where v.viewer_id = ${me} and date_trunc('week', v.opened_at) = w.week) as documents_viewed
        from weeks w order by w.week`),
    rows<{ label: string; count: number }>(db, sql`
      select industry as label, count(*)::int as count from portfolio_companies where investor_id = ${me} group by industry order by count desc, label`),
    rows<{ label: string; count: number }>(db, sql`
      select performance as label, count(*)::int as count from portfolio_companies where investor_id = ${me} group by performance order by label`),
  ]);

  const funnel = funnelRows[0] ?? { suggested: 0, pending: 0, accepted: 0, declined: 0 };
  const reasonLabel = (value: string | null) => DECLINE_REASONS.find((reason) => reason.value === value)?.label ?? 'No reason given';
  const byBucket = new Map(scores.map((row) => [Number(row.bucket), Number(row.count)]));
  return {
    funnel: {
      suggested: Number(funnel.suggested),
      pending: Number(funnel.pending),
      accepted: Number(funnel.accepted),
      declined: Number(funnel.declined),
      declineReasons: reasons.map((row) => ({ label: reasonLabel(row.label), count: Number(row.count) })),
    },
    scoreDistribution: Array.from({ length: 10 }, (_, bucket) => ({ label: bucket === 9 ? '90–100' : `${bucket * 10}–${bucket * 10 + 9}`, count: byBucket.get(bucket) ?? 0 })),
    acceptedByIndustry: countBy(industries),
    acceptedByStage: countBy(stages),
    weeklyActivity: weekly.map((row) => ({ week: row.week, messagesSent: Number(row.messages_sent), documentsViewed: Number(row.documents_viewed) })),
    portfolioByIndustry: countBy(portfolioIndustries),
    portfolioByPerformance: countBy(portfolioPerformance),
  };
}
