// The investor's "Shared with me" list: documents startups have shared with them, with whose
// they are and when they were shared. Opening one records a view for the startup. Also the
// empty state, so an open preview outlives the list emptying (a revocation of the last document).
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { FolderLock } from 'lucide-react';
import type { DocumentSummary } from '@shared/contracts/documents';
import { paths } from '@/app/paths';
import { LinkButton } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { toast } from '@/lib/use-toast';
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
          action={<LinkButton href={paths.matches('investor')}>Browse startups</LinkButton>}
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

const COLUMNS: readonly DocumentColumn[] = [
  { label: 'Startup', className: 'hidden w-48 px-3 py-3 md:table-cell' },
  ...KIND_COLUMNS,
  { label: 'Shared', className: 'hidden w-28 px-3 py-3 xl:table-cell' },
  { label: 'Actions', className: 'w-28 px-3 py-3 text-right' },
];

function SharedDocumentsTable({ documents, onPreview }: { documents: DocumentSummary[]; onPreview: (document: DocumentSummary) => void }) {
  return (
    <DocumentTable caption="Documents shared with you" columns={COLUMNS}>
      {documents.map((document) => {
        const owner = document.owner;
        return (
          <tr key={document.id}>
            <DocumentNameCell
              document={document}
              onPreview={() => onPreview(document)}
              summary={
                <>
                  <span className="md:hidden">{owner ? `${owner.companyName} · ` : ''}</span>
                  <KindSummary document={document} />
                  {document.sharedAt && <span className="xl:hidden"> · shared {formatShortDate(document.sharedAt)}</span>}
                </>
              }
            />
            <td className="hidden px-3 py-3 md:table-cell">
              {owner && (
                <Link
                  href={paths.publicStartup(owner.id)}
                  className="rounded-sm break-words text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {owner.companyName}
                </Link>
              )}
            </td>
            <KindCells document={document} />
            <DateCell value={document.sharedAt} />
            <td className="px-3 py-3">
              <div className="flex justify-end gap-1">
                <PreviewButton document={document} onPreview={() => onPreview(document)} />
                <DownloadButton document={document} />
              </div>
            </td>
          </tr>
        );
      })}
    </DocumentTable>
  );
}
