// The founder's "Secure links" section of the data room (issue #20): every link with what it holds
// and how it is protected (short badges), how many people came through it, and per link a switch
// that turns it off at once (or back on) and the list of its visitors. "New link" opens the dialog
// that creates one and shows its address once.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Ban, Link2, Plus, Users } from 'lucide-react';
import type { SecureLinkSummary } from '@shared/contracts/secure-links';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { pluralize } from '@/features/data-room/document-format';
import { formatRelativeTime } from '@/lib/format';
import { secureLinksQuery, useSetSecureLinkDisabled } from '../api';
import { formatLinkDate, linkSettingBadges } from '../link-format';
import { LinkVisitorsDialog } from './link-visitors-dialog';
import { NewLinkDialog } from './new-link-dialog';

export function SecureLinksCard() {
  const links = useQuery(secureLinksQuery);
  const [isCreating, setIsCreating] = useState(false);
  const [visitorsOf, setVisitorsOf] = useState<SecureLinkSummary | null>(null);
  const newLinkButton = (
    <Button variant="outline" onClick={() => setIsCreating(true)}>
      <Plus aria-hidden />
      New link
    </Button>
  );
  return (
    <Card aria-labelledby="secure-links-heading" role="region" className="mt-8">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle id="secure-links-heading">Secure links</CardTitle>
          <CardDescription>
            Send documents to investors who are not on VentureMatch. Each link can ask for a verified email, a password and your NDA, and can be turned off at
            any time.
          </CardDescription>
        </div>
        {links.data && links.data.length > 0 && newLinkButton}
      </CardHeader>
      <CardContent>
        {links.isPending ? (
          <ListSkeleton label="Loading your secure links" rows={2} hasAction className="divide-y rounded-lg border" rowClassName="px-4" />
        ) : links.isError ? (
          <ErrorState
            compact
            title="We couldn't load your secure links"
            message={links.error.message}
            onRetry={() => void links.refetch()}
            isRetrying={links.isFetching}
          />
        ) : links.data.length === 0 ? (
          <EmptyState
            icon={Link2}
            headingLevel={3}
            title="No secure links yet"
            description="Create a link to share chosen documents with someone outside the platform, with their email in the watermark."
            action={newLinkButton}
          />
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Your secure links">
            {links.data.map((link) => (
              <LinkRow key={link.id} link={link} onShowVisitors={() => setVisitorsOf(link)} />
            ))}
          </ul>
        )}
      </CardContent>
      <NewLinkDialog isOpen={isCreating} onClose={() => setIsCreating(false)} />
      <LinkVisitorsDialog link={visitorsOf} onClose={() => setVisitorsOf(null)} />
    </Card>
  );
}

function LinkRow({ link, onShowVisitors }: { link: SecureLinkSummary; onShowVisitors: () => void }) {
  const setDisabled = useSetSecureLinkDisabled();
  const isDisabled = link.disabledAt !== null;
  const activity =
    link.views === 0
      ? 'Not opened yet'
      : [pluralize(link.visitors, 'visitor'), pluralize(link.views, 'view'), link.lastViewedAt ? `last ${formatRelativeTime(link.lastViewedAt)}` : null]
          .filter(Boolean)
          .join(' · ');
  return (
    <li className="grid gap-3 px-4 py-4 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium break-words">{link.name}</h3>
          {isDisabled && (
            <Badge variant="outline" className="border-destructive/40 text-destructive">
              <Ban aria-hidden />
              Disabled {formatLinkDate(link.disabledAt!)}
            </Badge>
          )}
        </div>
        <p className="mt-1 text-sm break-words text-muted-foreground">
          <span className="sr-only">Documents: </span>
          {link.documents.map((document) => document.name).join(', ')}
        </p>
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Settings">
          {linkSettingBadges(link).map((badge) => (
            <li key={badge}>
              <Badge variant="accent">{badge}</Badge>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-muted-foreground">{activity}</p>
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        <Button variant="outline" size="sm" onClick={onShowVisitors} aria-label={`Visitors of ${link.name}`}>
          <Users aria-hidden />
          Visitors
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={setDisabled.isPending}
          // One button whose label changes in place, so keyboard focus stays on it.
          aria-label={`${isDisabled ? 'Enable' : 'Disable'} ${link.name}`}
          onClick={() => setDisabled.mutate({ id: link.id, name: link.name, disabled: !isDisabled })}
        >
          {isDisabled ? 'Enable' : 'Disable'}
        </Button>
      </div>
    </li>
  );
}
