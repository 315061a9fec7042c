// Who came through one secure link: each email, whether it was verified, how often and how long
// they read, and when last. An email that has since joined VentureMatch says so.
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, Users } from 'lucide-react';
import type { SecureLinkSummary } from '@shared/contracts/secure-links';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { formatDuration, pluralize } from '@/features/data-room/document-format';
import { formatRelativeTime } from '@/lib/format';
import { secureLinkVisitorsQuery } from '../api';

export function LinkVisitorsDialog({ link, onClose }: { link: SecureLinkSummary | null; onClose: () => void }) {
  return (
    <Dialog open={link !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent closeLabel="Close visitors" className="max-w-2xl">
        {link && <VisitorsBody link={link} />}
      </DialogContent>
    </Dialog>
  );
}

function VisitorsBody({ link }: { link: SecureLinkSummary }) {
  const visitors = useQuery(secureLinkVisitorsQuery(link.id));
  return (
    <>
      <DialogHeader>
        <DialogTitle className="break-words">Visitors of "{link.name}"</DialogTitle>
        <DialogDescription>Everyone who gave an email at this link, with their views of its documents.</DialogDescription>
      </DialogHeader>
      {visitors.isPending ? (
        <ListSkeleton label="Loading visitors" rows={2} className="divide-y rounded-lg border" rowClassName="px-4" />
      ) : visitors.isError ? (
        <ErrorState
          compact
          title="We couldn't load the visitors"
          message={visitors.error.message}
          onRetry={() => void visitors.refetch()}
          isRetrying={visitors.isFetching}
        />
      ) : visitors.data.length === 0 ? (
        <EmptyState icon={Users} headingLevel={3} title="No visitors yet" description="When someone opens the link and gives their email, they appear here." />
      ) : (
        <ul className="divide-y rounded-lg border" aria-label="Visitors">
          {visitors.data.map((visitor) => (
            <li key={visitor.email} className="grid gap-1 px-4 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium break-all">{visitor.email}</span>
                {visitor.verifiedAt ? (
                  <Badge variant="accent">
                    <BadgeCheck aria-hidden />
                    Verified
                  </Badge>
                ) : (
                  <Badge variant="outline">Not verified</Badge>
                )}
                {visitor.userId !== null && <Badge variant="outline">Joined VentureMatch</Badge>}
              </div>
              <p className="text-muted-foreground">
                {visitor.views === 0
                  ? 'Has not opened a document yet'
                  : [
                      pluralize(visitor.views, 'view'),
                      visitor.totalViewMs > 0 ? `${formatDuration(visitor.totalViewMs)} reading` : null,
                      visitor.lastViewedAt ? `last ${formatRelativeTime(visitor.lastViewedAt)}` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
