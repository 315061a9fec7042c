// The startup dashboard's data room block (spec §2, §9): the first 3 documents (newest first),
// each with its type, size and how many investors can open it, and the way into the data room.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ArrowRight, FolderLock } from 'lucide-react';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardFooterLink, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { cn } from '@/lib/utils';
import { documentsQuery } from '../api';
import { documentKind, formatFileSize, pluralize } from '../document-format';
import { DocumentRowsSkeleton, DocumentTypeIcon } from './document-parts';

export const PREVIEW_DOCUMENT_COUNT = 3;

export function DataRoomPreviewCard({ className }: { className?: string }) {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(documentsQuery);
  return (
    // min-w-0: the truncated names must not make this grid item (and the dashboard) wider than the screen.
    <Card className={cn('min-w-0', className)} role="region" aria-labelledby="data-room-preview-title">
      <CardHeader className="pb-2">
        <CardTitle id="data-room-preview-title">Data Room</CardTitle>
        <CardDescription>Your most recent documents.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <DocumentRowsSkeleton rows={PREVIEW_DOCUMENT_COUNT} label="Loading your documents" />
        ) : isError ? (
          <ErrorState compact title="We couldn't load your documents" message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
        ) : data.length === 0 ? (
          <EmptyState
            icon={FolderLock}
            title="No documents"
            description="Upload your pitch deck and financials to share them with interested investors."
            action={
              <Button asChild variant="outline" size="sm">
                <Link href={paths.dataRoom}>
                  Open data room
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            }
            className="py-8"
            headingLevel={3}
          />
        ) : (
          <ul className="divide-y">
            {data.slice(0, PREVIEW_DOCUMENT_COUNT).map((document) => {
              const shared = document.sharedWithCount ?? 0;
              return (
                <li key={document.id} className="flex items-start gap-3 py-3">
                  <DocumentTypeIcon mimeType={document.type} />
                  <div className="min-w-0 flex-1">
                    <p className="line-clamp-2 text-sm font-semibold break-words">{document.name}</p>
                    <p className="text-xs text-muted-foreground">
                      {[document.category, documentKind(document.type).label, formatFileSize(document.size)].filter(Boolean).join(' · ')}
                    </p>
                    <p className="text-xs text-muted-foreground">{shared === 0 ? 'Not shared yet' : `Shared with ${pluralize(shared, 'investor')}`}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      {data && data.length > 0 && (
        <CardFooter className="border-t pt-4">
          <CardFooterLink href={paths.dataRoom}>
            {data.length > PREVIEW_DOCUMENT_COUNT ? `View all ${data.length} documents` : 'Open data room'}
          </CardFooterLink>
        </CardFooter>
      )}
    </Card>
  );
}
