// The investor's "Shared with me" list: documents startups have shared with them, with whose
// they are and when they were shared. Opening one records a view for the startup. Also the
// empty state, so an open preview outlives the list emptying (a revocation of the last document).
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { ArrowRight, Download, Eye, FolderLock } from 'lucide-react';
import type { DocumentSummary } from '@shared/contracts/documents';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { toast } from '@/lib/use-toast';
import { documentContentUrl } from '../api';
import { documentKind, formatFileSize, formatShortDate, pluralize } from '../document-format';
import { DocumentTypeIcon } from './document-parts';
import { PreviewDialog } from './preview-dialog';

export function SharedDocuments({ documents }: { documents: DocumentSummary[] }) {
  const [previewing, setPreviewing] = useState<DocumentSummary | null>(null);
  const [revocationsSeen, setRevocationsSeen] = useState(0);

  // A revocation (or delete) reaches this screen as a live refetch: if the open document is no
  // longer in the list, close its preview (while rendering, not in an effect) and say why.
  if (previewing && !documents.some((document) => document.id === previewing.id)) {
    setPreviewing(null);
    setRevocationsSeen((count) => count + 1);
  }
  useEffect(() => {
    if (revocationsSeen > 0) toast({ title: 'Access removed', description: 'This document is no longer shared with you.', variant: 'destructive' });
  }, [revocationsSeen]);

  return (
    <>
      {documents.length === 0 ? (
        <EmptyState
          icon={FolderLock}
          title="No documents"
          description="When a startup you are connected with shares a document with you, it appears here."
          action={
            <Button asChild variant="outline">
              <Link href={paths.matches('investor')}>
                Browse startups
                <ArrowRight aria-hidden />
              </Link>
            </Button>
          }
        />
      ) : (
        <section aria-labelledby="shared-documents-heading" className="grid gap-3">
          <h2 id="shared-documents-heading" className="text-sm text-muted-foreground">
            {pluralize(documents.length, 'document')} shared with you
          </h2>
          <SharedDocumentsTable documents={documents} onPreview={setPreviewing} />
        </section>
      )}
      <PreviewDialog document={previewing} onOpenChange={(isOpen) => !isOpen && setPreviewing(null)} recordViews />
    </>
  );
}

function SharedDocumentsTable({ documents, onPreview }: { documents: DocumentSummary[]; onPreview: (document: DocumentSummary) => void }) {
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">Documents shared with you</caption>
        <thead className="border-b bg-muted/50 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Name
            </th>
            <th scope="col" className="hidden w-48 px-3 py-3 md:table-cell">
              Startup
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
              Shared
            </th>
            <th scope="col" className="w-28 px-3 py-3 text-right">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {documents.map((document) => {
            const kind = documentKind(document.type);
            const owner = document.owner;
            return (
              <tr key={document.id}>
                <td className="px-4 py-3">
                  <div className="flex min-w-0 items-center gap-3">
                    <DocumentTypeIcon mimeType={document.type} className="hidden sm:flex" />
                    <div className="min-w-0">
                      <button
                        type="button"
                        onClick={() => onPreview(document)}
                        className="max-w-full rounded-sm text-left font-medium break-words underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        {document.name}
                      </button>
                      <p className="mt-0.5 text-xs break-words text-muted-foreground">
                        <span className="md:hidden">{owner ? `${owner.companyName} · ` : ''}</span>
                        <span className="xl:hidden">{document.category ?? 'Uncategorized'}</span>
                        <span className="sm:hidden">
                          {' · '}
                          {kind.label} · {formatFileSize(document.size)}
                        </span>
                        {document.sharedAt && <span className="xl:hidden"> · shared {formatShortDate(document.sharedAt)}</span>}
                      </p>
                    </div>
                  </div>
                </td>
                <td className="hidden px-3 py-3 md:table-cell">
                  {owner && (
                    <Link href={paths.publicStartup(owner.id)} className="rounded-sm break-words text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring">
                      {owner.companyName}
                    </Link>
                  )}
                </td>
                <td className="hidden px-3 py-3 break-words xl:table-cell">{document.category ?? 'Uncategorized'}</td>
                <td className="hidden px-3 py-3 sm:table-cell">{kind.label}</td>
                <td className="hidden px-3 py-3 whitespace-nowrap tabular-nums sm:table-cell">{formatFileSize(document.size)}</td>
                <td className="hidden px-3 py-3 xl:table-cell">{document.sharedAt && <time dateTime={document.sharedAt}>{formatShortDate(document.sharedAt)}</time>}</td>
                <td className="px-3 py-3">
                  <div className="flex justify-end gap-1">
                    <Button variant="ghost" size="icon" className="size-9" onClick={() => onPreview(document)} aria-label={`Preview ${document.name}`}>
                      <Eye aria-hidden />
                    </Button>
                    <Button asChild variant="ghost" size="icon" className="size-9">
                      <a href={documentContentUrl(document.id)} download aria-label={`Download ${document.name}`}>
                        <Download aria-hidden />
                      </a>
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
