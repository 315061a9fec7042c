// The investor's "Shared with me" list: documents startups have shared with them, with whose
// they are and when they were shared. Opening one records a view for the startup. Also the
// empty state, so an open preview outlives the list emptying (a revocation of the last document).
// Issue #20: Download shows only where the grant allows it (and a watermarked file has a stamped
// copy), and each row says when access ends, whether the document is watermarked or asks for the NDA.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { FolderLock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { DocumentSummary } from '@shared/contracts/documents';
import { paths } from '@/app/paths';
import { LinkButton } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { toast } from '@/lib/use-toast';
import { documentDownloadUrl } from '../api';
import { formatShortDate, pluralize } from '../document-format';
import { isDownloadable } from './document-viewer';
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
import { accessEndedMessage, PreviewDialog } from './preview-dialog';

export function SharedDocuments({ documents }: { documents: DocumentSummary[] }) {
  const [previewing, setPreviewing] = useState<DocumentSummary | null>(null);
  const [lostAccess, setLostAccess] = useState<{ count: number; message: string }>({ count: 0, message: '' });

  // A revocation, an ended grant or a delete reaches this screen as a live refetch: if the open
  // document is no longer in the list, close its preview (while rendering, not in an effect) and
  // say why. A document still listed is followed, so a changed switch (download, NDA) shows at once.
  if (previewing) {
    const current = documents.find((document) => document.id === previewing.id);
    if (!current) {
      const endedAt = previewing.accessExpiresAt;
      setPreviewing(null);
      setLostAccess(({ count }) => ({
        count: count + 1,
        message: endedAt && Date.parse(endedAt) <= Date.now() ? accessEndedMessage(previewing.name, endedAt) : 'This document is no longer shared with you.',
      }));
    } else if (current !== previewing) setPreviewing(current);
  }
  useEffect(() => {
    if (lostAccess.count > 0) toast({ title: 'Access removed', description: lostAccess.message, variant: 'destructive' });
  }, [lostAccess]);

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
      <PreviewDialog document={previewing} onOpenChange={(isOpen) => !isOpen && setPreviewing(null)} viewer="investor" />
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
                  {document.accessExpiresAt && <span> · until {formatShortDate(document.accessExpiresAt)}</span>}
                  <ControlBadges document={document} />
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
                {isDownloadable(document, document.canDownload === true) && <DownloadButton document={document} href={documentDownloadUrl(document.id)} />}
              </div>
            </td>
          </tr>
        );
      })}
    </DocumentTable>
  );
}

/** What the founder set on this document for this investor, in short. */
function ControlBadges({ document }: { document: DocumentSummary }) {
  if (!document.watermark && !document.ndaPending) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1">
      {document.ndaPending && <Badge variant="outline">NDA to accept</Badge>}
      {document.watermark && <Badge variant="outline">Watermarked</Badge>}
    </span>
  );
}
