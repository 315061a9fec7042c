// The startup dashboard's data room block: the first 3 documents (newest first),
// each with its type, size and how many investors can open it, and the way into the data room.
import { useQuery } from '@tanstack/react-query';
import { FolderLock } from 'lucide-react';
import { paths } from '@/app/paths';
import { PreviewCard } from '@/components/preview-card';
import { LinkButton } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { documentsQuery } from '../api';
import { documentKind, formatFileSize, pluralize } from '../document-format';
import { DocumentRowsSkeleton, DocumentTypeIcon } from './document-parts';

export const PREVIEW_DOCUMENT_COUNT = 3;

export function DataRoomPreviewCard({ className }: { className?: string }) {
  const query = useQuery(documentsQuery);
  const count = query.data?.length ?? 0;
  return (
    <PreviewCard
      titleId="data-room-preview-title"
      title="Data Room"
      description="Your most recent documents."
      // min-w-0: the truncated names must not make this grid item (and the dashboard) wider than the screen.
      className={cn('min-w-0', className)}
      query={query}
      data={query.data}
      loading={<DocumentRowsSkeleton rows={PREVIEW_DOCUMENT_COUNT} label="Loading your documents" />}
      errorTitle="We couldn't load your documents"
      isEmpty={(documents) => documents.length === 0}
      empty={{
        icon: FolderLock,
        title: 'No documents',
        description: 'Upload your pitch deck and financials to share them with interested investors.',
        action: (
          <LinkButton href={paths.dataRoom} size="sm">
            Open data room
          </LinkButton>
        ),
      }}
      footer={count > 0 ? { href: paths.dataRoom, label: count > PREVIEW_DOCUMENT_COUNT ? `View all ${count} documents` : 'Open data room' } : null}
    >
      {(documents) => (
        <ul className="divide-y">
          {documents.slice(0, PREVIEW_DOCUMENT_COUNT).map((document) => {
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
    </PreviewCard>
  );
}
