// The Share dialog: which connected investors (accepted matches) can open one document, how each
// has engaged with it, and the controls to share or take access away. A revocation takes effect
// on the investor's very next read, so an open preview on their screen stops working at once.
import { useQuery } from '@tanstack/react-query';
import { Handshake } from 'lucide-react';
import type { DocumentGrant } from '@shared/contracts/documents';
import { paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button, LinkButton } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { formatRelativeTime } from '@/lib/format';
import { useNow } from '@/lib/relative-time';
import { documentAccessQuery, shareCandidatesQuery, useGrantAccess, useRevokeAccess } from '../api';
import { formatDuration, formatShortDate, pluralize } from '../document-format';
import { DocumentRowsSkeleton } from './document-parts';

interface InvestorRow {
  userId: number;
  firmName: string;
  grant: DocumentGrant | undefined;
}

function engagementText(grant: DocumentGrant, now: Date): string {
  if (grant.views === 0) return 'Not opened yet';
  const parts = [
    pluralize(grant.views, 'view'),
    grant.lastViewedAt ? `last ${formatRelativeTime(grant.lastViewedAt, now)}` : null,
    grant.totalViewMs > 0 ? `${formatDuration(grant.totalViewMs)} in total` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

export function ShareDialog({ document, onOpenChange }: { document: { id: number; name: string } | null; onOpenChange: (isOpen: boolean) => void }) {
  return (
    <Dialog open={document !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close sharing">{document && <ShareBody document={document} />}</DialogContent>
    </Dialog>
  );
}

function ShareBody({ document }: { document: { id: number; name: string } }) {
  const candidates = useQuery(shareCandidatesQuery);
  const access = useQuery(documentAccessQuery(document.id));
  const grant = useGrantAccess(document);
  const revoke = useRevokeAccess(document);
  const now = useNow();

  const isPending = candidates.isPending || access.isPending;
  const failed = candidates.isError ? candidates : access.isError ? access : null;
  let rows: InvestorRow[] = [];
  if (candidates.data && access.data) {
    const byId = new Map<number, InvestorRow>();
    for (const candidate of candidates.data) byId.set(candidate.userId, { ...candidate, grant: undefined });
    for (const item of access.data) byId.set(item.userId, { userId: item.userId, firmName: byId.get(item.userId)?.firmName ?? item.firmName, grant: item });
    // Investors who can open it first, then everyone else, each by name.
    rows = [...byId.values()].sort((a, b) => Number(isLive(b.grant)) - Number(isLive(a.grant)) || a.firmName.localeCompare(b.firmName));
  }
  const liveCount = rows.filter((row) => isLive(row.grant)).length;

  return (
    <>
      <DialogHeader>
        <DialogTitle className="break-words">Share "{document.name}"</DialogTitle>
        <DialogDescription>Choose which of your connected investors can open this document. Removing access takes effect immediately.</DialogDescription>
      </DialogHeader>
      {isPending ? (
        <DocumentRowsSkeleton rows={2} label="Loading investors" />
      ) : failed ? (
        <ErrorState
          compact
          title="We couldn't load your investors"
          message={failed.error?.message}
          onRetry={() => void failed.refetch()}
          isRetrying={failed.isFetching}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={Handshake}
          title="No connected investors"
          description="You can share documents with investors whose match you have accepted."
          action={
            <LinkButton href={paths.matches('startup')} size="sm">
              Go to investor matches
            </LinkButton>
          }
          className="py-8"
          headingLevel={3}
        />
      ) : (
        <section aria-label="Connected investors" className="grid gap-2">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {liveCount === 0 ? 'Not shared with anyone yet.' : `Shared with ${pluralize(liveCount, 'investor')}.`}
          </p>
          <ul className="divide-y rounded-lg border">
            {rows.map((row) => {
              const hasAccess = isLive(row.grant);
              const isBusy = (grant.isPending && grant.variables?.userId === row.userId) || (revoke.isPending && revoke.variables?.userId === row.userId);
              return (
                <li key={row.userId} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                      <span className="break-words">{row.firmName}</span>
                      {hasAccess ? <Badge variant="accent">Has access</Badge> : row.grant ? <Badge variant="outline">Access removed</Badge> : null}
                    </p>
                    <p className="mt-0.5 text-xs text-muted-foreground">
                      {row.grant
                        ? `${hasAccess ? `Shared ${formatShortDate(row.grant.grantedAt)}` : `Removed ${formatShortDate(row.grant.revokedAt ?? row.grant.grantedAt)}`} · ${engagementText(row.grant, now)}`
                        : 'Cannot open this document'}
                    </p>
                  </div>
                  {/* One button whose job flips, so keyboard focus stays on it after sharing or removing. */}
                  {/* aria-disabled, not disabled: a disabled button drops focus to the page. */}
                  <Button
                    variant={hasAccess ? 'outline' : 'default'}
                    size="sm"
                    aria-disabled={isBusy}
                    className={isBusy ? 'cursor-wait opacity-60' : undefined}
                    onClick={() => {
                      if (isBusy) return;
                      if (hasAccess) revoke.mutate(row);
                      else grant.mutate(row);
                    }}
                  >
                    {hasAccess ? (isBusy ? 'Removing...' : 'Remove access') : isBusy ? 'Sharing...' : row.grant ? 'Share again' : 'Share'}
                    <span className="sr-only">{hasAccess ? ` for ${row.firmName}` : ` with ${row.firmName}`}</span>
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </>
  );
}

function isLive(grant: DocumentGrant | undefined): boolean {
  return Boolean(grant && grant.revokedAt === null);
}
