// The read-only profiles behind "View Profile" (/startup/{id}, /investor/{id}): a header card
// with the essentials, then the story and the numbers. A startup's adds what an investor decides
// on (issue #19): the team, the traction figures and the round. The screen around them (loading,
// refusals, the way back) is public-profile-screen.tsx.
import { useId, type ReactNode } from 'react';
import {
  Banknote,
  Briefcase,
  CalendarDays,
  CircleDot,
  Factory,
  Globe,
  Layers,
  MapPin,
  Receipt,
  Target,
  TrendingUp,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { InvestorCard, StartupCard } from '@shared/contracts/profiles';
import { FUNDING_GOAL_OPTIONS, TEAM_SIZE_OPTIONS, bucketLabel } from '@shared/enums';
import { Badge } from '@/components/ui/badge';
import { VerifiedBadge } from '@/components/verified-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ExternalLink } from '@/components/ui/external-link';
import { TrackRecordSection } from '@/features/track-record/components/track-record-section';
import { formatCalendarDate } from '@/lib/format';
import { ChipList, portfolioSizeText } from './profile-parts';
import { TeamMemberCards } from './startup-team-tab';
import { hasTraction, raisingStatusText, tractionDetails } from './startup-traction';

function nameInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((word) => word.charAt(0))
      .join('')
      .toUpperCase() || '?'
  );
}

function MetaItem({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-center gap-1.5">
      <Icon aria-hidden className="size-4 shrink-0" />
      <span className="min-w-0 truncate">{children}</span>
    </li>
  );
}

/** What both public cards say about where and when: the header's summary line. */
interface CardBasics {
  location: string | null;
  website: string | null;
  foundingDate: string | null;
  emailVerified: boolean;
}

function ProfileHeader({ kind, name, card, badges }: { kind: string; name: string; card: CardBasics; badges: readonly string[] }) {
  const founded = formatCalendarDate(card.foundingDate);
  return (
    <Card className="overflow-hidden">
      <div aria-hidden className="h-20 bg-gradient-to-r from-brand-from to-brand-to sm:h-24" />
      <div className="px-5 pb-6 sm:px-6">
        <div
          aria-hidden
          className="-mt-9 mb-3 flex size-[72px] items-center justify-center rounded-xl border-4 border-card bg-accent text-2xl font-semibold text-accent-foreground shadow-sm"
        >
          {nameInitials(name)}
        </div>
        <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">{kind}</p>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{name}</h1>
          {card.emailVerified && <VerifiedBadge />}
        </div>
        <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground" aria-label="Summary">
          {card.location && <MetaItem icon={MapPin}>{card.location}</MetaItem>}
          {card.website && (
            <MetaItem icon={Globe}>
              <ExternalLink href={card.website} />
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

/** A card of the page body, under a small title; a named region, so assistive technology can jump to it. */
function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="pb-3">
        <CardTitle id={titleId} className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const EmptyText = ({ children }: { children: string }) => <p className="text-sm text-muted-foreground italic">{children}</p>;

function TextCard({ title, text, emptyText }: { title: string; text: string | null; emptyText: string }) {
  return (
    <SectionCard title={title}>
      {text ? <p className="text-sm leading-relaxed break-words whitespace-pre-line">{text}</p> : <EmptyText>{emptyText}</EmptyText>}
    </SectionCard>
  );
}

interface Fact {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
}

function FactsCard({ title, facts }: { title: string; facts: readonly Fact[] }) {
  return (
    <SectionCard title={title}>
      <FactList facts={facts} />
    </SectionCard>
  );
}

function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
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
  );
}

interface TextBlock {
  title: string;
  text: string | null;
  emptyText: string;
}

/** The page under the header: the texts (and any further sections) down the wide column, the facts beside them. */
function PublicProfileLayout({
  kind,
  name,
  card,
  badges,
  texts,
  sections,
  aside,
  after,
}: {
  kind: string;
  name: string;
  card: CardBasics;
  badges: readonly string[];
  texts: readonly TextBlock[];
  /** Cards under the texts in the wide column (a startup's team and traction). */
  sections?: ReactNode;
  /** The narrow column: the facts cards. */
  aside: ReactNode;
  /** Sections under the two columns (the investor's track record). */
  after?: ReactNode;
}) {
  return (
    <div className="grid gap-6">
      <ProfileHeader kind={kind} name={name} card={card} badges={badges} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          {texts.map((block) => (
            <TextCard key={block.title} {...block} />
          ))}
          {sections}
        </div>
        <div className="grid content-start gap-6">{aside}</div>
      </div>
      {after}
    </div>
  );
}

/** A list as chips, or nothing (the facts card then says "Not provided"). */
const chipsOrNone = (values: readonly string[]) => (values.length > 0 ? <ChipList values={values} /> : null);

const TRACTION_ICONS: Record<keyof StartupCard['traction'], LucideIcon> = { arr: Banknote, monthlyGrowthPercent: TrendingUp, customers: Receipt };

/**
 * A startup's public profile. The round (stage, target, whether it is raising now) sits beside the
 * story because it is the first thing an investor checks; team and traction follow the description.
 */
export function StartupPublicProfile({ startup }: { startup: StartupCard }) {
  return (
    <PublicProfileLayout
      kind="Startup"
      name={startup.companyName}
      card={startup}
      badges={[startup.industry, startup.stage].filter((value): value is string => Boolean(value))}
      texts={[{ title: 'About', text: startup.description, emptyText: 'This startup has not written a description yet.' }]}
      sections={
        <>
          <SectionCard title="Team">
            {startup.team.length > 0 ? <TeamMemberCards team={startup.team} /> : <EmptyText>No team members listed yet.</EmptyText>}
          </SectionCard>
          <SectionCard title="Traction">
            {hasTraction(startup.traction) ? (
              <FactList facts={tractionDetails(startup.traction).map(({ key, label, value }) => ({ icon: TRACTION_ICONS[key], label, value }))} />
            ) : (
              <EmptyText>No traction figures shared yet.</EmptyText>
            )}
          </SectionCard>
        </>
      }
      aside={
        <>
          <FactsCard
            title="The round"
            facts={[
              { icon: Layers, label: 'Stage', value: startup.stage },
              { icon: Target, label: 'Target', value: bucketLabel(FUNDING_GOAL_OPTIONS, startup.fundingGoal) },
              { icon: CircleDot, label: 'Status', value: raisingStatusText(startup.raisingNow) },
            ]}
          />
          <FactsCard
            title="Key facts"
            facts={[
              { icon: Factory, label: 'Industry', value: startup.industry },
              { icon: Users, label: 'Team Size', value: bucketLabel(TEAM_SIZE_OPTIONS, startup.teamSize) },
            ]}
          />
        </>
      }
    />
  );
}

export function InvestorPublicProfile({ investor }: { investor: InvestorCard }) {
  return (
    <PublicProfileLayout
      kind="Investor"
      name={investor.firmName}
      card={investor}
      badges={investor.industryFocus.slice(0, 4)}
      texts={[
        { title: 'About', text: investor.description, emptyText: 'This investor has not written a description yet.' },
        { title: 'Investment Thesis', text: investor.investmentThesis, emptyText: 'This investor has not shared a thesis yet.' },
      ]}
      aside={
        <FactsCard
          title="Investment criteria"
          facts={[
            { icon: Factory, label: 'Industry Focus', value: chipsOrNone(investor.industryFocus) },
            { icon: Layers, label: 'Stages', value: chipsOrNone(investor.stagePreference) },
            { icon: Banknote, label: 'Check Sizes', value: chipsOrNone(investor.investmentRange) },
            { icon: Briefcase, label: 'Portfolio Size', value: portfolioSizeText(investor.portfolioSize) },
          ]}
        />
      }
      after={<TrackRecordSection investorId={investor.id} />}
    />
  );
}
