// The preview dialog: PDF pages (fitted to the dialog, with zoom and page controls), DOCX
// rendered, XLSX and CSV as a table, TXT as text; other types show their details and a Download
// button. Each previewer is its own chunk, loaded only when a document of its type is opened.
// When an investor opens a document, the open and how long it stayed open are recorded for the
// startup's analytics.
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, FileText } from 'lucide-react';
import type { DocumentSummary } from '@shared/contracts/documents';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { closeDocumentView, dataRoomKeys, documentContentUrl, fetchDocumentContent, openDocumentView } from '../api';
import { documentKind, formatFileSize, type PreviewKind } from '../document-format';

const PdfViewer = lazy(() => import('./viewers/pdf-viewer'));
const DocxViewer = lazy(() => import('./viewers/docx-viewer'));
const SpreadsheetViewer = lazy(() => import('./viewers/spreadsheet-viewer'));
const CsvViewer = lazy(() => import('./viewers/csv-viewer'));

/** Text beyond this is cut in the preview (the download has it all); a 10 MB <pre> is unusable. */
const MAX_TEXT_CHARS = 200_000;

/**
 * Records one view while `isEnabled`: opened now, closed (with its duration) when the preview
 * closes, or when the tab goes away. A view that never got its id (the open failed) is not closed.
 */
function useRecordedView(documentId: number, isEnabled: boolean) {
  useEffect(() => {
    if (!isEnabled) return;
    const openedAt = performance.now();
    let viewId: number | null = null;
    let isClosed = false;
    const close = () => {
      if (isClosed) return;
      isClosed = true;
      window.removeEventListener('pagehide', close);
      if (viewId !== null) closeDocumentView(documentId, viewId, performance.now() - openedAt);
    };
    openDocumentView(documentId)
      .then((id) => {
        viewId = id;
        // Closed before the server answered: close it now with the time it was actually open.
        if (isClosed && id !== null) closeDocumentView(documentId, id, performance.now() - openedAt);
      })
      .catch(() => {
        // The document is gone or no longer shared: the previewer shows that; nothing to record.
      });
    window.addEventListener('pagehide', close);
    return close;
  }, [documentId, isEnabled]);
}

function ContentLoader({
  documentId,
  kind,
  children,
}: {
  documentId: number;
  kind: Exclude<PreviewKind, 'pdf'>;
  children: (content: ArrayBuffer | string) => ReactNode;
}) {
  const query = useQuery({
    queryKey: dataRoomKeys.content(documentId, kind),
    queryFn: async ({ signal }) => {
      const response = await fetchDocumentContent(documentId, signal);
      return kind === 'csv' || kind === 'txt' ? response.text() : response.arrayBuffer();
    },
    // Never keep document bytes around: a revoked grant must not leave a readable copy in memory.
    gcTime: 0,
    staleTime: 0,
  });
  if (query.isPending) return <Spinner label="Loading the document" showLabel className="flex justify-center py-16" />;
  if (query.isError)
    return (
      <ErrorState title="We couldn't open this document" message={query.error.message} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
    );
  return children(query.data);
}

function TextPreview({ text, name }: { text: string; name: string }) {
  const isCut = text.length > MAX_TEXT_CHARS;
  return (
    <div className="grid gap-2">
      <pre
        role="region"
        aria-label={`${name} contents`}
        tabIndex={0}
        className="max-h-[65dvh] overflow-auto rounded-md border bg-muted/40 p-4 font-mono text-sm whitespace-pre-wrap break-words outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {isCut ? text.slice(0, MAX_TEXT_CHARS) : text}
      </pre>
      {isCut && <p className="text-xs text-muted-foreground">This preview shows the beginning of the file. Download it to read the rest.</p>}
    </div>
  );
}

function NoPreview({ document }: { document: DocumentSummary }) {
  const kind = documentKind(document.type);
  return (
    <div className="flex flex-col items-center rounded-md border border-dashed px-6 py-12 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <FileText aria-hidden className="size-6" />
      </div>
      <p className="font-semibold">No preview for {kind.label} files</p>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">Download the document to open it in PowerPoint, Word, Excel or a compatible app.</p>
      <dl className="mt-6 grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-left text-sm">
        <dt className="text-muted-foreground">Type</dt>
        <dd>{kind.label}</dd>
        <dt className="text-muted-foreground">Size</dt>
        <dd>{formatFileSize(document.size)}</dd>
        {document.category && (
          <>
            <dt className="text-muted-foreground">Category</dt>
            <dd>{document.category}</dd>
          </>
        )}
        <dt className="text-muted-foreground">Uploaded</dt>
        <dd>{formatDateTime(document.uploadedAt)}</dd>
      </dl>
    </div>
  );
}

function Previewer({ document }: { document: DocumentSummary }) {
  const kind = documentKind(document.type).preview;
  const fallback = <Spinner label="Loading the previewer" showLabel className="flex justify-center py-16" />;
  if (kind === null) return <NoPreview document={document} />;
  if (kind === 'pdf') {
    return (
      <Suspense fallback={fallback}>
        <PdfViewer documentId={document.id} name={document.name} />
      </Suspense>
    );
  }
  return (
    <ContentLoader documentId={document.id} kind={kind}>
      {(content) => (
        <Suspense fallback={fallback}>
          {kind === 'txt' && <TextPreview text={content as string} name={document.name} />}
          {kind === 'csv' && <CsvViewer text={content as string} name={document.name} />}
          {kind === 'xlsx' && <SpreadsheetViewer data={content as ArrayBuffer} name={document.name} />}
          {kind === 'docx' && <DocxViewer data={content as ArrayBuffer} name={document.name} />}
        </Suspense>
      )}
    </ContentLoader>
  );
}

export function PreviewDialog({
  document,
  onOpenChange,
  recordViews,
}: {
  /** The document to show; null closes the dialog. */
  document: DocumentSummary | null;
  onOpenChange: (isOpen: boolean) => void;
  /** Investors' opens are recorded for the startup; the owner's own are not. */
  recordViews: boolean;
}) {
  // Keep showing the last document while the close animation plays.
  const [shown, setShown] = useState(document);
  if (document && document !== shown) setShown(document);
  // A PDF gets the whole height of the window: its page is fitted into what header and footer leave.
  const isPdf = shown !== null && documentKind(shown.type).preview === 'pdf';
  return (
    <Dialog open={document !== null} onOpenChange={onOpenChange}>
      <DialogContent className={cn('max-w-5xl gap-4 sm:p-6', isPdf && 'h-[calc(100dvh-2rem)]')} closeLabel="Close preview">
        {shown && <PreviewBody document={shown} recordViews={recordViews && document !== null} />}
      </DialogContent>
    </Dialog>
  );
}

function PreviewBody({ document, recordViews }: { document: DocumentSummary; recordViews: boolean }) {
  useRecordedView(document.id, recordViews);
  const kind = documentKind(document.type);
  const details = [document.category, kind.label, formatFileSize(document.size), document.owner ? `Shared by ${document.owner.companyName}` : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <>
      <DialogHeader>
        <DialogTitle className="break-words">{document.name}</DialogTitle>
        <DialogDescription>{details}</DialogDescription>
      </DialogHeader>
      <Previewer document={document} />
      <DialogFooter>
        <Button asChild variant="outline">
          <a href={documentContentUrl(document.id)} download>
            <Download aria-hidden />
            Download
          </a>
        </Button>
      </DialogFooter>
    </>
  );
}
