// The four stat cards of each dashboard, fed by GET /api/dashboard/stats. A zero is
// never shown bare: it comes with what to do to change it. Above them, when someone has accepted
// a match and waits for this user's answer, a line says how many, linking to the Pending tab
// where those requests come first (docs/connections.md).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ArrowRight, Briefcase, FolderLock, Gauge, Handshake, MessagesSquare, Rocket, UserRoundPlus } from 'lucide-react';
import type { UserType } from '@shared/enums';
import type { DashboardStats } from '@shared/contracts/dashboard';
import { paths } from '@/app/paths';
import { ErrorState } from '@/components/ui/error-state';
import { dashboardStatsQuery } from '../api';
import { StatCard, StatCardSkeleton, type StatCardProps } from './stat-card';

const STARTUP_MATCHES = paths.matches('startup');
const INVESTOR_MATCHES = paths.matches('investor');

function startupCards(stats: Extract<DashboardStats, { kind: 'startup' }>): StatCardProps[] {
  return [
    {
      title: 'Average Match Score',
      value: `${stats.averageMatchScore}%`,
      icon: Gauge,
      ...(stats.averageMatchScore > 0
        ? { description: 'Mean compatibility across your investor matches', link: { href: STARTUP_MATCHES, label: 'See your matches' } }
        : { description: 'No scored matches yet', link: { href: STARTUP_MATCHES, label: 'Generate matches to see your score' } }),
    },
    {
      title: 'Potential Matches',
      value: String(stats.potentialMatches),
      icon: Handshake,
      ...(stats.potentialMatches > 0
        ? { description: 'Investors waiting for your decision', link: { href: STARTUP_MATCHES, label: 'Review matches' } }
        : { description: 'No matches waiting for a decision', link: { href: STARTUP_MATCHES, label: 'Find investor matches' } }),
    },
    {
      title: 'Shared Documents',
      value: String(stats.sharedDocuments),
      icon: FolderLock,
      ...(stats.sharedDocuments > 0
        ? { description: 'Documents investors can open', link: { href: paths.dataRoom, label: 'Open data room' } }
        : { description: 'Nothing shared with investors yet', link: { href: paths.dataRoom, label: 'Share from your data room' } }),
    },
    {
      title: 'Active Conversations',
      value: String(stats.activeConversations),
      icon: MessagesSquare,
      ...(stats.activeConversations > 0
        ? { description: 'Investors you are talking with', link: { href: paths.communications(), label: 'Open conversations' } }
        : { description: 'Accept a match to start a conversation', link: { href: STARTUP_MATCHES, label: 'View investor matches' } }),
    },
  ];
}

function investorCards(stats: Extract<DashboardStats, { kind: 'investor' }>): StatCardProps[] {
  return [
    {
      title: 'Average Match Score',
      value: `${stats.averageMatchScore}%`,
      icon: Gauge,
      ...(stats.averageMatchScore > 0
        ? { description: 'Mean compatibility across your startup matches', link: { href: INVESTOR_MATCHES, label: 'See your matches' } }
        : {
            description: 'Scores appear as startups match with you',
            link: { href: paths.profile('investor', { tab: 'criteria' }), label: 'Review your investment criteria' },
          }),
    },
    {
      title: 'Potential Startups',
      value: String(stats.potentialStartups),
      icon: Rocket,
      ...(stats.potentialStartups > 0
        ? { description: 'Startups waiting for your decision', link: { href: INVESTOR_MATCHES, label: 'Review startups' } }
        : { description: 'No startups waiting for review', link: { href: INVESTOR_MATCHES, label: 'Browse startups' } }),
    },
    {
      title: 'Portfolio Companies',
      value: String(stats.portfolioCompanies),
      icon: Briefcase,
      ...(stats.portfolioCompanies > 0
        ? { description: 'Companies in your portfolio', link: { href: paths.portfolio(), label: 'View portfolio' } }
        : { description: 'Your portfolio is empty', link: { href: paths.portfolio(), label: 'Add portfolio companies' } }),
    },
    {
      title: 'Active Conversations',
      value: String(stats.activeConversations),
      icon: MessagesSquare,
      ...(stats.activeConversations > 0
        ? { description: 'Founders you are talking with', link: { href: paths.messages(), label: 'Open messages' } }
        : { description: 'Accept a match to start a conversation', link: { href: INVESTOR_MATCHES, label: 'Browse startups' } }),
    },
  ];
}

/** "1 investor wants to connect with you", "3 startups want to connect with you". */
export function connectionRequestsText(count: number, kind: UserType): string {
  const noun = kind === 'startup' ? 'investor' : 'startup';
  return count === 1 ? `1 ${noun} wants to connect with you` : `${count} ${noun}s want to connect with you`;
}

function ConnectionRequestsNotice({ count, kind }: { count: number; kind: UserType }) {
  return (
    <div className="mb-4 flex flex-col gap-2 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-2 text-sm font-medium">
        <UserRoundPlus aria-hidden className="size-4 shrink-0 text-primary" />
        {connectionRequestsText(count, kind)}
      </p>
      <Link
        href={paths.matches(kind, { tab: 'pending' })}
        className="inline-flex items-center gap-1 self-start rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring sm:self-auto"
      >
        Review requests
        <ArrowRight aria-hidden className="size-3.5" />
      </Link>
    </div>
  );
}

export function DashboardStatCards() {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(dashboardStatsQuery);
  return (
    <section aria-labelledby="dashboard-stats-title">
      <h2 id="dashboard-stats-title" className="sr-only">
        At a glance
      </h2>
      {isPending ? (
        <div role="status" aria-label="Loading your numbers" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {Array.from({ length: 4 }, (_, index) => (
            <StatCardSkeleton key={index} />
          ))}
        </div>
      ) : isError ? (
        <ErrorState compact title="We couldn't load your numbers" message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : (
        <>
          {data.connectionRequests > 0 && <ConnectionRequestsNotice count={data.connectionRequests} kind={data.kind} />}
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {(data.kind === 'startup' ? startupCards(data) : investorCards(data)).map((card) => (
              <StatCard key={card.title} {...card} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
