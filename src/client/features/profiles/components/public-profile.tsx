// The read-only profile pages behind "View Profile" (/startup/{id}, /investor/{id}): a header
// card with the essentials, then the story and the numbers. Also their loading and refusal states.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowLeft, Banknote, Briefcase, CalendarDays, Factory, Globe, Layers, MapPin, SearchX, ShieldAlert, Users, type LucideIcon } from 'lucide-react';
import type { InvestorCard, StartupCard } from '@shared/contracts/profiles';
import { FUNDING_GOAL_OPTIONS, TEAM_SIZE_OPTIONS, bucketLabel } from '@shared/enums';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { ExternalLink } from '@/components/ui/external-link';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { formatCalendarDate } from '@/lib/format';
import { ChipList } from './profile-parts';

export interface BackLink {
  href: string;
  label: string;
}

export function BackLinkRow({ back }: { back: BackLink }) {
  return (
    <Link
      href={back.href}
      className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {back.label}
    </Link>
  );
}

function nameInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase() || '?';
}

function MetaItem({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-center gap-1.5">
      <Icon aria-hidden className="size-4 shrink-0" />
      <span className="min-w-0 truncate">{children}</span>
    </li>
  );
}

function ProfileHeader({ kind, name, location, website, foundingDate, badges }: { kind: string; name: string; location: string | null; website: string | null; foundingDate: string | null; badges: readonly string[] }) {
  const founded = formatCalendarDate(foundingDate);
  return (
    <Card className="overflow-hidden">
      <div aria-hidden className="h-20 bg-gradient-to-r from-brand-from to-brand-to sm:h-24" />
      <div className="px-5 pb-6 sm:px-6">
        <div aria-hidden className="-mt-9 mb-3 flex size-[72px] items-center justify-center rounded-xl border-4 border-card bg-accent text-2xl font-semibold text-accent-foreground shadow-sm">
          {nameInitials(name)}
        </div>
        <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">{kind}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words sm:text-3xl">{name}</h1>
        <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground" aria-label="Summary">
          {location && <MetaItem icon={MapPin}>{location}</MetaItem>}
          {website && (
            <MetaItem icon={Globe}>
              <ExternalLink href={website} />
            </MetaItem>
          )}
          {founded && <MetaItem icon={CalendarDays}>Founded {founded}</MetaItem>}
        </ul>
        {badges.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Highlights">
            {badges.map((badge) => (
              <li key={badge}>
                <Badge variant="accent" className="px-3 py-1 text-sm">
                  {badge}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function TextCard({ title, text, emptyText }: { title: string; text: string | null; emptyText: string }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {text ? <p className="text-sm leading-relaxed break-words whitespace-pre-line">{text}</p> : <p className="text-sm text-muted-foreground italic">{emptyText}</p>}
      </CardContent>
    </Card>
  );
}

interface Fact {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
}

function FactsCard({ title, facts }: { title: string; facts: readonly Fact[] }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4">
          {facts.map(({ icon: Icon, label, value }) => (
            // A <dl> group may hold only <dt>/<dd>, so the icon sits inside the term, placed beside it.
            <div key={label} className="relative grid min-h-9 min-w-0 content-start gap-1 pl-12">
              <dt className="text-xs font-medium text-muted-foreground">
                <span aria-hidden className="absolute top-0 left-0 flex size-9 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <Icon className="size-4" />
                </span>
                {label}
              </dt>
              <dd className="text-sm font-medium break-words">{value ?? <span className="font-normal text-muted-foreground italic">Not provided</span>}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

export function StartupPublicProfile({ startup }: { startup: StartupCard }) {
  return (
    <div className="grid gap-6">
      <ProfileHeader
        kind="Startup"
        name={startup.companyName}
        location={startup.location}
        website={startup.website}
        foundingDate={startup.foundingDate}
        badges={[startup.industry, startup.stage].filter((value): value is string => Boolean(value))}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <TextCard title="About" text={startup.description} emptyText="This startup has not written a description yet." />
        </div>
        <FactsCard
          title="Key facts"
          facts={[
            { icon: Factory, label: 'Industry', value: startup.industry },
            { icon: Layers, label: 'Stage', value: startup.stage },
            { icon: Banknote, label: 'Funding Goal', value: bucketLabel(FUNDING_GOAL_OPTIONS, startup.fundingGoal) },
            { icon: Users, label: 'Team Size', value: bucketLabel(TEAM_SIZE_OPTIONS, startup.teamSize) },
          ]}
        />
      </div>
    </div>
  );
}

export function InvestorPublicProfile({ investor }: { investor: InvestorCard }) {
  return (
    <div className="grid gap-6">
      <ProfileHeader
        kind="Investor"
        name={investor.firmName}
        location={investor.location}
        website={investor.website}
        foundingDate={investor.foundingDate}
        badges={investor.industryFocus.slice(0, 4)}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <TextCard title="About" text={investor.description} emptyText="This investor has not written a description yet." />
          <TextCard title="Investment Thesis" text={investor.investmentThesis} emptyText="This investor has not shared a thesis yet." />
        </div>
        <FactsCard
          title="Investment criteria"
          facts={[
            { icon: Factory, label: 'Industry Focus', value: investor.industryFocus.length > 0 ? <ChipList values={investor.industryFocus} /> : null },
            { icon: Layers, label: 'Stages', value: investor.stagePreference.length > 0 ? <ChipList values={investor.stagePreference} /> : null },
            { icon: Banknote, label: 'Check Sizes', value: investor.investmentRange.length > 0 ? <ChipList values={investor.investmentRange} /> : null },
            {
              icon: Briefcase,
              label: 'Portfolio Size',
              value: investor.portfolioSize === null ? null : `${investor.portfolioSize.toLocaleString()} ${investor.portfolioSize === 1 ? 'company' : 'companies'}`,
            },
          ]}
        />
      </div>
    </div>
  );
}

export function PublicProfileSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-6">
      <Card className="overflow-hidden">
        <Skeleton className="h-20 rounded-none sm:h-24" />
        <div className="grid gap-3 px-6 pb-6">
          <Skeleton className="-mt-9 size-[72px] rounded-xl border-4 border-card" />
          <Skeleton className="h-3 w-16" />
          <Skeleton className="h-8 w-64 max-w-full" />
          <Skeleton className="h-4 w-80 max-w-full" />
        </div>
      </Card>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardContent className="grid gap-3 p-6">
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </CardContent>
        </Card>
        <Card>
          <CardContent className="grid gap-4 p-6">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-9 w-full" />
            ))}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/**
 * Why a profile cannot be shown: it does not exist (404), this account may not see it (403,
 * the server's role rule), or loading failed (anything else, with a retry).
 */
export function PublicProfileProblem({
  title,
  error,
  forbiddenTitle,
  forbiddenDescription,
  notFoundDescription,
  back,
  ownProfileHref,
  onRetry,
  isRetrying,
}: {
  title: string;
  error: Error;
  forbiddenTitle: string;
  forbiddenDescription: string;
  notFoundDescription: string;
  back: BackLink;
  ownProfileHref: string;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  const status = error instanceof ApiError ? error.status : 0;
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      {status === 404 ? (
        <EmptyState
          icon={SearchX}
          title="Profile not found"
          description={notFoundDescription}
          action={
            <Button asChild variant="outline">
              <Link href={back.href}>
                <ArrowLeft aria-hidden />
                {back.label}
              </Link>
            </Button>
          }
        />
      ) : status === 403 ? (
        <EmptyState
          icon={ShieldAlert}
          title={forbiddenTitle}
          description={forbiddenDescription}
          action={
            <Button asChild variant="outline">
              <Link href={ownProfileHref}>Go to your profile</Link>
            </Button>
          }
        />
      ) : (
        <ErrorState title="We couldn't load this profile" message={error.message} onRetry={onRetry} isRetrying={isRetrying} />
      )}
    </>
  );
}
