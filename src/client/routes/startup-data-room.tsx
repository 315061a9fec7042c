// /startup/data-room (issue #5): the document table, the upload dialog, previews, the
// delete confirmation, per-investor sharing and the auto-share setting. `?upload=1` opens the
// upload dialog (the command palette's "Upload a document"); `?document=<id>` one document's sharing.
// Issue #20: the NDA control (whole-room switch, text, acceptance log) opens from the header.
import { useQuery } from '@tanstack/react-query';
import { FolderLock, Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { documentsQuery } from '@/features/data-room/api';
import { AutoShareDialog } from '@/features/data-room/components/auto-share-dialog';
import { DocumentInsightFromAddress } from '@/features/data-room/components/document-insight-dialog';
import { DocumentRowsSkeleton } from '@/features/data-room/components/document-parts';
import { DocumentsTable } from '@/features/data-room/components/documents-table';
import { NdaDialog } from '@/features/data-room/components/nda-dialog';
import { UploadDialog } from '@/features/data-room/components/upload-dialog';
import { pluralize } from '@/features/data-room/document-format';
import { SecureLinksCard } from '@/features/secure-links/components/secure-links-card';

export function DataRoomScreen() {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(documentsQuery);
  const uploadButton = (
    <Button>
      <Upload aria-hidden />
      Upload Document
    </Button>
  );
  return (
    <>
      <PageHeader
        title="Data Room"
        description="Share documents with investors, with control over who sees each one."
        actions={
          <div className="flex flex-wrap gap-2">
            <NdaDialog />
            <AutoShareDialog />
            {/* The header's dialog answers ?upload=1: it is there whether or not the room is empty. */}
            <UploadDialog trigger={uploadButton} opensFromAddress />
          </div>
        }
      />
      {isPending ? (
        <div className="rounded-xl border bg-card">
          <DocumentRowsSkeleton rows={4} label="Loading your documents" />
        </div>
      ) : isError ? (
        <ErrorState title="We couldn't load your documents" message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : data.length === 0 ? (
        <EmptyState
          icon={FolderLock}
          title="No documents"
          description="Upload your pitch deck, financial projections and other documents, then choose which connected investors can open each one."
          action={
            <UploadDialog
              trigger={
                <Button variant="outline">
                  <Upload aria-hidden />
                  Upload your first document
                </Button>
              }
            />
          }
        />
      ) : (
        <section aria-labelledby="documents-heading" className="grid gap-3">
          <h2 id="documents-heading" className="text-sm text-muted-foreground">
            {pluralize(data.length, 'document')}
          </h2>
          <DocumentsTable documents={data} />
        </section>
      )}
      <SecureLinksCard />
      {/* Issue #21: `?analytics=<id>` opens one document's page analytics. */}
      <DocumentInsightFromAddress />
    </>
  );
}
