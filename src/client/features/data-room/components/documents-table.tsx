// The startup's document table: name, category, type, size, upload date, who it is shared with
// and how often it was opened, and the row actions (preview, share, download, delete). Badges say
// which documents are watermarked or ask for the NDA on their own (issue #20); the switches are in
// the Share dialog, with the rest of the document's access. "Versions" uploads a new version that
// keeps the document's link, and lists, downloads and restores earlier ones (issue #21).
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { History, Share2, Trash2 } from 'lucide-react';
import type { DocumentSummary } from '@shared/contracts/documents';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatRelativeTime } from '@/lib/format';
import { useNow } from '@/lib/relative-time';
import { useDeleteDocument } from '../api';
import { formatShortDate, pluralize } from '../document-format';
import {
  DateCell,
  DocumentNameCell,
  DocumentTable,
  DownloadButton,
  KIND_COLUMNS,
  KindCells,
  KindSummary,
  PreviewButton,
  type DocumentColumn,
} from './document-parts';
import { DocumentInsightButton } from './document-insight-dialog';
import { PreviewDialog } from './preview-dialog';
import { ShareDialog } from './share-dialog';
import { VersionsDialog } from './versions-dialog';

const COLUMNS: readonly DocumentColumn[] = [
  ...KIND_COLUMNS,
  { label: 'Uploaded', className: 'hidden w-28 px-3 py-3 xl:table-cell' },
  { label: 'Shared with', className: 'hidden w-40 px-3 py-3 md:table-cell' },
  { label: 'Actions', className: 'w-[14rem] px-3 py-3 text-right' },
];

function sharedText(document: DocumentSummary): string {
  const count = document.sharedWithCount ?? 0;
  return count === 0 ? 'Not shared' : pluralize(count, 'investor');
}

function viewsText(document: DocumentSummary, now: Date): string | null {
  const views = document.viewCount ?? 0;
  if (views === 0) return null;
  return `${pluralize(views, 'view')}${document.lastViewedAt ? `, last ${formatRelativeTime(document.lastViewedAt, now)}` : ''}`;
}

export function DocumentsTable({ documents }: { documents: DocumentSummary[] }) {
  const [previewing, setPreviewing] = useState<DocumentSummary | null>(null);
  const [sharing, setSharing] = useState<DocumentSummary | null>(null);
  const [deleting, setDeleting] = useState<DocumentSummary | null>(null);
  const [versioning, setVersioning] = useState<DocumentSummary | null>(null);
  // `?document=<id>` (a notification's "opened your document") opens that document's sharing and
  // viewing analytics; closing the dialog drops it from the address, so Back leaves the screen.
  const [params, setParams] = useSearchParams();
  const linkedId = Number(params.get('document'));
  const linked = Number.isInteger(linkedId) && linkedId > 0 ? (documents.find((document) => document.id === linkedId) ?? null) : null;
  const closeSharing = () => {
    setSharing(null);
    if (params.has('document'))
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete('document');
          return next;
        },
        { replace: true },
      );
  };
  // "last viewed 3 minutes ago" keeps counting while the table is open.
  const now = useNow();

  return (
    <>
      <DocumentTable caption="Your documents" columns={COLUMNS}>
        {documents.map((document) => {
          const views = viewsText(document, now);
          return (
            <tr key={document.id} className="align-middle">
              <DocumentNameCell
                document={document}
                onPreview={() => setPreviewing(document)}
                summary={
                  <>
                    <KindSummary document={document} />
                    {(document.currentVersion ?? 1) > 1 && <span> · v{document.currentVersion}</span>}
                    <span className="xl:hidden"> · {formatShortDate(document.uploadedAt)}</span>
                    <span className="md:hidden"> · {sharedText(document)}</span>
                    {(document.watermark || document.ndaRequired) && (
                      <span className="mt-1 flex flex-wrap gap-1">
                        {document.watermark && <Badge variant="outline">Watermarked</Badge>}
                        {document.ndaRequired && <Badge variant="outline">NDA</Badge>}
                      </span>
                    )}
                  </>
                }
              />
              <KindCells document={document} />
              <DateCell value={document.uploadedAt} />
              <td className="hidden px-3 py-3 md:table-cell">
                <p>{sharedText(document)}</p>
                {views && <p className="text-xs text-muted-foreground">{views}</p>}
              </td>
              <td className="px-3 py-3">
                <div className="flex justify-end gap-1">
                  <PreviewButton document={document} onPreview={() => setPreviewing(document)} />
                  <DocumentInsightButton document={document} />
                  <Button variant="ghost" size="icon" className="size-9" onClick={() => setSharing(document)} aria-label={`Share ${document.name}`}>
                    <Share2 aria-hidden />
                  </Button>
                  <DownloadButton document={document} />
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-9"
                    onClick={() => setVersioning(document)}
                    aria-label={`Versions of ${document.name}`}
                    title="Versions and new version"
                  >
                    <History aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-9 text-destructive hover:bg-destructive/10 hover:text-destructive"
                    onClick={() => setDeleting(document)}
                    aria-label={`Delete ${document.name}`}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </td>
            </tr>
          );
        })}
      </DocumentTable>
      <PreviewDialog document={previewing} onOpenChange={(isOpen) => !isOpen && setPreviewing(null)} viewer="owner" />
      <ShareDialog document={sharing ?? linked} onOpenChange={(isOpen) => !isOpen && closeSharing()} />
      <DeleteDocumentDialog document={deleting} onClose={() => setDeleting(null)} />
      {/* The open dialog follows the list, so a new version's number shows as soon as it refetches. */}
      <VersionsDialog
        document={versioning ? (documents.find((document) => document.id === versioning.id) ?? null) : null}
        onOpenChange={(isOpen) => !isOpen && setVersioning(null)}
      />
    </>
  );
}

/** Deleting asks first, with the document's name; the dialog stays until the server answers. */
function DeleteDocumentDialog({ document, onClose }: { document: DocumentSummary | null; onClose: () => void }) {
  const remove = useDeleteDocument();
  return (
    <ConfirmDialog
      open={document !== null}
      onOpenChange={(isOpen) => !isOpen && !remove.isPending && onClose()}
      title="Delete document"
      description={<>Are you sure you want to delete "{document?.name}"?</>}
      confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
      isPending={remove.isPending}
      onConfirm={(event) => {
        // Stay open until the server answers, so a failure is shown next to what failed.
        event.preventDefault();
        if (document) remove.mutate(document, { onSettled: onClose });
      }}
    >
      <p className="text-sm text-muted-foreground">Investors you shared it with lose access at once. This cannot be undone.</p>
    </ConfirmDialog>
  );
}
