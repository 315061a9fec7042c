// The startup's document table (spec §2 data room): name, category, type, size, upload date,
// who it is shared with and how often it was opened, and the row actions. On narrow screens the
// secondary columns fold into a line under the name, so nothing scrolls sideways at 375px.
import { useState } from 'react';
import { Download, Eye, Share2, Trash2 } from 'lucide-react';
import type { DocumentSummary } from '@shared/contracts/documents';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { formatRelativeTime } from '@/lib/format';
import { documentContentUrl, useDeleteDocument } from '../api';
import { documentKind, formatFileSize, formatShortDate, pluralize } from '../document-format';
import { DocumentTypeIcon } from './document-parts';
import { PreviewDialog } from './preview-dialog';
import { ShareDialog } from './share-dialog';

function sharedText(document: DocumentSummary): string {
  const count = document.sharedWithCount ?? 0;
  return count === 0 ? 'Not shared' : pluralize(count, 'investor');
}

function viewsText(document: DocumentSummary): string | null {
  const views = document.viewCount ?? 0;
  if (views === 0) return null;
  return `${pluralize(views, 'view')}${document.lastViewedAt ? `, last ${formatRelativeTime(document.lastViewedAt)}` : ''}`;
}

export function DocumentsTable({ documents }: { documents: DocumentSummary[] }) {
  const [previewing, setPreviewing] = useState<DocumentSummary | null>(null);
  const [sharing, setSharing] = useState<DocumentSummary | null>(null);
  const [deleting, setDeleting] = useState<DocumentSummary | null>(null);

  return (
    <>
      <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">Your documents</caption>
          <thead className="border-b bg-muted/50 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                Name
              </th>
              <th scope="col" className="hidden w-40 px-3 py-3 xl:table-cell">
                Category
              </th>
              <th scope="col" className="hidden w-16 px-3 py-3 sm:table-cell">
                Type
              </th>
              <th scope="col" className="hidden w-20 px-3 py-3 sm:table-cell">
                Size
              </th>
              <th scope="col" className="hidden w-28 px-3 py-3 xl:table-cell">
                Uploaded
              </th>
              <th scope="col" className="hidden w-40 px-3 py-3 md:table-cell">
                Shared with
              </th>
              <th scope="col" className="w-[11.5rem] px-3 py-3 text-right">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {documents.map((document) => {
              const kind = documentKind(document.type);
              const views = viewsText(document);
              return (
                <tr key={document.id} className="align-middle">
                  <td className="px-4 py-3">
                    <div className="flex min-w-0 items-center gap-3">
                      <DocumentTypeIcon mimeType={document.type} className="hidden sm:flex" />
                      <div className="min-w-0">
                        <button
                          type="button"
                          onClick={() => setPreviewing(document)}
                          className="max-w-full rounded-sm text-left font-medium break-words underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                        >
                          {document.name}
                        </button>
                        {/* What the hidden columns would say, on screens too narrow for them. */}
                        <p className="mt-0.5 text-xs break-words text-muted-foreground">
                          <span className="xl:hidden">{document.category ?? 'Uncategorized'}</span>
                          <span className="sm:hidden">
                            {' · '}
                            {kind.label} · {formatFileSize(document.size)}
                          </span>
                          <span className="xl:hidden"> · {formatShortDate(document.uploadedAt)}</span>
                          <span className="md:hidden"> · {sharedText(document)}</span>
                        </p>
                      </div>
                    </div>
                  </td>
                  <td className="hidden px-3 py-3 break-words xl:table-cell">{document.category ?? 'Uncategorized'}</td>
                  <td className="hidden px-3 py-3 sm:table-cell">{kind.label}</td>
                  <td className="hidden px-3 py-3 whitespace-nowrap tabular-nums sm:table-cell">{formatFileSize(document.size)}</td>
                  <td className="hidden px-3 py-3 xl:table-cell">
                    <time dateTime={document.uploadedAt}>{formatShortDate(document.uploadedAt)}</time>
                  </td>
                  <td className="hidden px-3 py-3 md:table-cell">
                    <p>{sharedText(document)}</p>
                    {views && <p className="text-xs text-muted-foreground">{views}</p>}
                  </td>
                  <td className="px-3 py-3">
                    <div className="flex justify-end gap-1">
                      <Button variant="ghost" size="icon" className="size-9" onClick={() => setPreviewing(document)} aria-label={`Preview ${document.name}`}>
                        <Eye aria-hidden />
                      </Button>
                      <Button variant="ghost" size="icon" className="size-9" onClick={() => setSharing(document)} aria-label={`Share ${document.name}`}>
                        <Share2 aria-hidden />
                      </Button>
                      <Button asChild variant="ghost" size="icon" className="size-9">
                        <a href={documentContentUrl(document.id)} download aria-label={`Download ${document.name}`}>
                          <Download aria-hidden />
                        </a>
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
          </tbody>
        </table>
      </div>
      <PreviewDialog document={previewing} onOpenChange={(isOpen) => !isOpen && setPreviewing(null)} recordViews={false} />
      <ShareDialog document={sharing} onOpenChange={(isOpen) => !isOpen && setSharing(null)} />
      <DeleteDocumentDialog document={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/** Spec §5: deleting asks first, with the document's name. */
function DeleteDocumentDialog({ document, onClose }: { document: DocumentSummary | null; onClose: () => void }) {
  const remove = useDeleteDocument();
  return (
    <AlertDialog open={document !== null} onOpenChange={(isOpen) => !isOpen && !remove.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogTitle>Delete document</AlertDialogTitle>
        <AlertDialogDescription>Are you sure you want to delete "{document?.name}"?</AlertDialogDescription>
        <p className="text-sm text-muted-foreground">Investors you shared it with lose access at once. This cannot be undone.</p>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={remove.isPending}
            onClick={(event) => {
              // Stay open until the server answers, so a failure is shown next to what failed.
              event.preventDefault();
              if (document) remove.mutate(document, { onSettled: onClose });
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
