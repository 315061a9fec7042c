// The documents of a secure link, once the visitor has passed its steps: a list, and the data
// room's own viewer (features/data-room DocumentViewer) reading through the link's endpoints. The
// watermark names the visitor's email and the company; downloads show only when the link allows
// them (and, for a watermarked link, only for PDFs, which the server stamps). Each open is
// recorded as a view under the visitor's email, with the time on each page of a PDF (issue #21).
import { useMemo, useState } from 'react';
import { Download, Eye } from 'lucide-react';
import type { VisitorLinkState } from '@shared/contracts/secure-links';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DocumentTypeIcon } from '@/features/data-room/components/document-parts';
import { DocumentViewer, isDownloadable, type DocumentSource, type ViewerIdentity } from '@/features/data-room/components/document-viewer';
import { documentKind, formatFileSize, pluralize } from '@/features/data-room/document-format';
import { cn } from '@/lib/utils';
import { closeVisitorView, fetchVisitorContent, openVisitorView, recordVisitorPageTime, visitorContentUrl } from '../api';

type LinkDocument = VisitorLinkState['documents'][number];

function linkDocumentSource(token: string, document: LinkDocument, state: VisitorLinkState): DocumentSource {
  return {
    // Not under the link's state key: refreshing the state must not refetch a document's bytes.
    cacheKey: ['secure-link-document', token, document.id],
    inlineUrl: visitorContentUrl(token, document.id, 'inline'),
    fetchContent: (signal) => fetchVisitorContent(token, document.id, signal),
    downloadUrl: isDownloadable({ type: document.type, watermark: state.watermark }, state.canDownload)
      ? visitorContentUrl(token, document.id, 'download')
      : null,
    openView: () => openVisitorView(token, document.id),
    closeView: (viewId, durationMs) => closeVisitorView(token, document.id, viewId, durationMs),
    recordPages: (viewId, pages, isClosing) => recordVisitorPageTime(token, document.id, viewId, pages, isClosing),
  };
}

export function VisitorDocuments({ token, state }: { token: string; state: VisitorLinkState }) {
  const [openDocument, setOpenDocument] = useState<LinkDocument | null>(null);
  // The visitor has no name here: their (verified) email names them.
  const watermark = useMemo<ViewerIdentity | null>(
    () => (state.watermark && state.email ? { viewerName: state.email, email: state.email, companyName: state.companyName } : null),
    [state.watermark, state.email, state.companyName],
  );
  return (
    <section aria-labelledby="link-documents-heading" className="mt-6 grid gap-3">
      <h2 id="link-documents-heading" className="text-sm text-muted-foreground">
        {pluralize(state.documents.length, 'document')}
        {state.email && <> · viewing as {state.email}</>}
      </h2>
      {state.documents.length === 0 ? (
        <p className="rounded-xl border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">
          The documents of this link are no longer in the data room. Ask {state.companyName} for a new link.
        </p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card">
          {state.documents.map((document) => {
            const downloadUrl = linkDocumentSource(token, document, state).downloadUrl;
            return (
              <li key={document.id} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <DocumentTypeIcon mimeType={document.type} />
                  <div className="min-w-0">
                    <p className="font-medium break-words">{document.name}</p>
                    <p className="text-xs text-muted-foreground">
                      {documentKind(document.type).label} · {formatFileSize(document.size)}
                    </p>
                  </div>
                </div>
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" onClick={() => setOpenDocument(document)} aria-label={`View ${document.name}`}>
                    <Eye aria-hidden />
                    View
                  </Button>
                  {downloadUrl && (
                    <Button asChild variant="outline" size="sm">
                      <a href={downloadUrl} download aria-label={`Download ${document.name}`}>
                        <Download aria-hidden />
                        Download
                      </a>
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <LinkDocumentDialog token={token} state={state} document={openDocument} watermark={watermark} onClose={() => setOpenDocument(null)} />
    </section>
  );
}

function LinkDocumentDialog({
  token,
  state,
  document,
  watermark,
  onClose,
}: {
  token: string;
  state: VisitorLinkState;
  document: LinkDocument | null;
  watermark: ViewerIdentity | null;
  onClose: () => void;
}) {
  // Keep showing the last document while the close animation plays.
  const [shown, setShown] = useState(document);
  if (document && document !== shown) setShown(document);
  const isPdf = shown !== null && documentKind(shown.type).preview === 'pdf';
  const source = useMemo(() => (shown ? linkDocumentSource(token, shown, state) : null), [token, shown, state]);
  return (
    <Dialog open={document !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className={cn('max-w-5xl gap-4 sm:p-6', isPdf && 'h-[calc(100dvh-2rem)]')} closeLabel="Close document">
        {shown && source && (
          <>
            <DialogHeader>
              <DialogTitle className="break-words">{shown.name}</DialogTitle>
              <DialogDescription>
                {documentKind(shown.type).label} · {formatFileSize(shown.size)} · Shared by {state.companyName}
              </DialogDescription>
            </DialogHeader>
            {/* Mounted only while open, so each opening records one view. */}
            {document !== null && <DocumentViewer document={shown} source={source} watermark={watermark} isDownloadAllowed={state.canDownload} />}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
