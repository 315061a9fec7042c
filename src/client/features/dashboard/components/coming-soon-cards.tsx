// Dashboard blocks for features that arrive in later issues (data room, milestones, portfolio).
// They make no API call and show no sample figures: an honest empty state with the way in.
import { Link } from 'wouter';
import { ArrowRight, Briefcase, FolderLock, Milestone, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

function PreviewCard({
  id,
  title,
  description,
  icon,
  emptyTitle,
  emptyDescription,
  href,
  action,
  className,
}: {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  emptyTitle: string;
  emptyDescription: string;
  href: string;
  action: string;
  className?: string;
}) {
  return (
    <Card className={className} role="region" aria-labelledby={id}>
      <CardHeader className="pb-2">
        <CardTitle id={id}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <EmptyState
          icon={icon}
          title={emptyTitle}
          description={emptyDescription}
          action={
            <Button asChild variant="outline" size="sm">
              <Link href={href}>
                {action}
                <ArrowRight aria-hidden />
              </Link>
            </Button>
          }
          className="py-8"
          headingLevel={3}
        />
      </CardContent>
    </Card>
  );
}

export function DataRoomPreviewCard({ className }: { className?: string }) {
  return (
    <PreviewCard
      id="data-room-preview-title"
      title="Data Room"
      description="Your most recent documents."
      icon={FolderLock}
      emptyTitle="No documents"
      emptyDescription="Upload your pitch deck and financials to share them with interested investors."
      href="/startup/data-room"
      action="Open data room"
      className={className}
    />
  );
}

export function MilestonesPreviewCard({ className }: { className?: string }) {
  return (
    <PreviewCard
      id="milestones-preview-title"
      title="Milestones"
      description="Progress you track with connected investors."
      icon={Milestone}
      emptyTitle="No milestones yet"
      emptyDescription="Accept an investor match, then plan and track milestones together."
      href="/startup/milestones"
      action="Go to milestones"
      className={className}
    />
  );
}

export function PortfolioPreviewCard({ className }: { className?: string }) {
  return (
    <PreviewCard
      id="portfolio-preview-title"
      title="Portfolio"
      description="The companies you have invested in."
      icon={Briefcase}
      emptyTitle="No portfolio companies"
      emptyDescription="Add the companies you have backed to follow their industry, stage and performance."
      href="/investor/portfolio"
      action="Open portfolio"
      className={className}
    />
  );
}
