// The document viewer, without its frame: PDF pages (fitted, with zoom and page controls), DOCX
// rendered, XLSX and CSV as a table, TXT as text; other types show their details. Each previewer is
// its own chunk, loaded only when a document of its type is opened. A watermarked document is
// painted into canvases with the viewer's name, email, the time and the company drawn in (issue
// #20, watermark-canvas.ts), and its download is stamped (PDF) or refused (other types).
// It knows nothing of where the bytes come from: `DocumentSource` says, so the platform's preview
// (platformDocumentSource) and a secure link's visitor page (/api/links/:token/documents/:id/content)
// share it. Opens are recorded through the source, when it records them, and so is the time on each
// page of a PDF (issue #21): the PDF viewer measures it, and sends it through `PageTimeRecorder`.
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, FileText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { closeDocumentView, documentContentUrl, documentDownloadUrl, fetchDocumentContent, openDocumentView, recordDocumentPageTime } from '../api';
import { documentKind, formatFileSize, type PreviewKind } from '../document-format';
import type { PageTime } from '../page-time';
import type { ViewerIdentity } from './viewers/watermark-canvas';

export type { ViewerIdentity } from './viewers/watermark-canvas';

const PdfViewer = lazy(() => import('./viewers/pdf-viewer'));
const DocxViewer = lazy(() => import('./viewers/docx-viewer'));
const SpreadsheetViewer = lazy(() => import('./viewers/spreadsheet-viewer'));
const CsvViewer = lazy(() => import('./viewers/csv-viewer'));
const WatermarkedText = lazy(() => import('./viewers/watermarked-preview').then((module) => ({ default: module.WatermarkedText })));

/** Text beyond this is cut in the preview (the download has it all); a 10 MB <pre> is unusable. */
const MAX_TEXT_CHARS = 200_000;

/** What the viewer needs to know of a document: a platform DocumentSummary or a link's document. */
export interface ViewerDocument {
  id: number;
  name: string;
  /** The MIME type the server detected. */
  type: string;
  size: number;
  category?: string | null;
  uploadedAt?: string;
}

/** Where a document's bytes come from, and how its opens are recorded. */
export interface DocumentSource {
  /** Key for the bytes in the query cache (never kept: gcTime 0); unique per document and source. */
  cacheKey: readonly unknown[];
  /** The inline URL pdf.js reads by byte ranges. */
  inlineUrl: string;
  /** Fetches the bytes inline; rejects with an ApiError carrying the server's sentence. */
  fetchContent: (signal?: AbortSignal) => Promise<Response>;
  /** The file to keep (`?download=1`), or null when the viewer may not download it. */
  downloadUrl: string | null;
  /** Records an open; resolves to the view's id (null when it is not counted). */
  openView?: () => Promise<number | null>;
  closeView?: (viewId: number, durationMs: number) => void;
  /** Sends a batch of time per page for a view; `isClosing` sends it by beacon, as the view ends. */
  recordPages?: (viewId: number, pages: PageTime[], isClosing: boolean) => void;
}

/** How the PDF viewer hands over page time: null when the source does not record it. */
export interface PageTimeRecorder {
  /** Sends a batch; false while the view has no id yet, so the viewer keeps it for the next one. */
  send: (pages: PageTime[], isClosing: boolean) => boolean;
  /** Registers the viewer's last batch, sent just before the view is closed; returns the unregister. */
  beforeClose: (flush: () => void) => () => void;
}

/** The platform's source for a document: /api/documents/:id/content, views recorded when asked. */
export function platformDocumentSource(documentId: number, { canDownload, recordViews }: { canDownload: boolean; recordViews: boolean }): DocumentSource {
  return {
    cacheKey: ['data-room', 'document', documentId, 'content'],
    inlineUrl: documentContentUrl(documentId, 'inline'),
    fetchContent: (signal) => fetchDocumentContent(documentId, signal),
    downloadUrl: canDownload ? documentDownloadUrl(documentId) : null,
    ...(recordViews
      ? {
          openView: () => openDocumentView(documentId),
          closeView: (viewId: number, durationMs: number) => closeDocumentView(documentId, viewId, durationMs),
          recordPages: (viewId: number, pages: PageTime[], isClosing: boolean) => recordDocumentPageTime(documentId, viewId, pages, isClosing),
        }
      : {}),
  };
}

/**
 * The view that page time is sent for: its id once the server gives it, until the view closes, so
 * the PDF viewer keeps one recorder however long the server takes to answer.
 */
class ViewPageTime implements PageTimeRecorder {
  private viewId: number | null = null;
  private isOpen = false;
  private recordPages: DocumentSource['recordPages'];
  private readonly lastBatches = new Set<() => void>();

  start(recordPages: DocumentSource['recordPages']) {
    this.viewId = null;
    this.isOpen = true;
    this.recordPages = recordPages;
  }

  attach(viewId: number | null) {
    this.viewId = viewId;
  }

  /** Sends the viewer's last batch while the view is still open; nothing is sent after. */
  finish() {
    for (const flush of this.lastBatches) flush();
    this.isOpen = false;
  }

  send = (pages: PageTime[], isClosing: boolean): boolean => {
    if (this.viewId === null || !this.isOpen || !this.recordPages) return false;
    this.recordPages(this.viewId, pages, isClosing);
    return true;
  };

  beforeClose = (flush: () => void) => {
    this.lastBatches.add(flush);
    return () => {
      this.lastBatches.delete(flush);
    };
  };
}

/**
 * Records one view while the viewer is shown: opened now, closed (with its duration) when it goes,
 * or when the tab goes away. A view that never got its id (the open failed) is not closed. Returns
 * the page time recorder for that view (null when the source records no pages); the PDF viewer's
 * last batch goes before the close, so its time always fits within the view's.
 */
function useRecordedView(source: DocumentSource): PageTimeRecorder | null {
  const { openView, closeView, recordPages } = source;
  const key = JSON.stringify(source.cacheKey);
  const [pageTime] = useState(() => new ViewPageTime());
  useEffect(() => {
    if (!openView || !closeView) return;
    const openedAt = performance.now();
    let viewId: number | null = null;
    let isClosed = false;
    pageTime.start(recordPages);
    const close = () => {
      if (isClosed) return;
      // The page time goes first, so it always fits within the view's.
      pageTime.finish();
      isClosed = true;
      window.removeEventListener('pagehide', close);
      if (viewId !== null) closeView(viewId, performance.now() - openedAt);
    };
    openView()
      .then((id) => {
        viewId = id;
        if (!isClosed) pageTime.attach(id);
        // Closed before the server answered: close it now with the time it was actually open.
        if (isClosed && id !== null) closeView(id, performance.now() - openedAt);
      })
      .catch(() => {
        // The document is gone or no longer shared: the previewer shows that; nothing to record.
      });
    window.addEventListener('pagehide', close);
    return close;
    // One view per document and source while recording; new function identities on re-render are the same calls.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, Boolean(openView && closeView)]);
  return openView && closeView && recordPages ? pageTime : null;
}

function ContentLoader({
  source,
  kind,
  children,
}: {
  source: DocumentSource;
  kind: Exclude<PreviewKind, 'pdf'>;
  children: (content: ArrayBuffer | string) => ReactNode;
}) {
  const query = useQuery({
    queryKey: [...source.cacheKey, kind],
    queryFn: async ({ signal }) => {
      const response = await source.fetchContent(signal);
      return kind === 'csv' || kind === 'txt' ? response.text() : response.arrayBuffer();
    },
    // Never keep document bytes around: a revoked grant must not leave a readable copy in memory.
    gcTime: 0,
    staleTime: 0,
    // A refusal (ended access, NDA not accepted) is an answer, not a hiccup to retry.
    retry: false,
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

function NoPreview({ document, canDownload }: { document: ViewerDocument; canDownload: boolean }) {
  const kind = documentKind(document.type);
  return (
    <div className="flex flex-col items-center rounded-md border border-dashed px-6 py-12 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <FileText aria-hidden className="size-6" />
      </div>
      <p className="font-semibold">No preview for {kind.label} files</p>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">
        {canDownload ? 'Download the document to open it in PowerPoint, Word, Excel or a compatible app.' : 'Ask the founder for a PDF to read it here.'}
      </p>
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
        {document.uploadedAt && (
          <>
            <dt className="text-muted-foreground">Uploaded</dt>
            <dd>{formatDateTime(document.uploadedAt)}</dd>
          </>
        )}
      </dl>
    </div>
  );
}

function Previewer({
  document,
  source,
  watermark,
  pageTime,
}: {
  document: ViewerDocument;
  source: DocumentSource;
  watermark: ViewerIdentity | null;
  pageTime: PageTimeRecorder | null;
}) {
  const kind = documentKind(document.type).preview;
  const fallback = <Spinner label="Loading the previewer" showLabel className="flex justify-center py-16" />;
  // A watermarked file other than a PDF has no stamped download; without a preview it cannot be read here at all.
  if (kind === null) return <NoPreview document={document} canDownload={source.downloadUrl !== null} />;
  if (kind === 'pdf') {
    return (
      <Suspense fallback={fallback}>
        <PdfViewer url={source.inlineUrl} fetchContent={() => source.fetchContent()} name={document.name} watermark={watermark} pageTime={pageTime} />
      </Suspense>
    );
  }
  return (
    <ContentLoader source={source} kind={kind}>
      {(content) => (
        <Suspense fallback={fallback}>
          {kind === 'txt' &&
            (watermark ? (
              <WatermarkedText text={(content as string).slice(0, MAX_TEXT_CHARS)} name={document.name} identity={watermark} />
            ) : (
              <TextPreview text={content as string} name={document.name} />
            ))}
          {kind === 'csv' && <CsvViewer text={content as string} name={document.name} watermark={watermark} />}
          {kind === 'xlsx' && <SpreadsheetViewer data={content as ArrayBuffer} name={document.name} watermark={watermark} />}
          {kind === 'docx' && <DocxViewer data={content as ArrayBuffer} name={document.name} watermark={watermark} />}
        </Suspense>
      )}
    </ContentLoader>
  );
}

/** Why there is no Download button, when there is a reason the viewer can give. */
function downloadNote(document: ViewerDocument, source: DocumentSource, watermark: ViewerIdentity | null, isDownloadAllowed: boolean): string | null {
  if (source.downloadUrl !== null) return null;
  if (watermark && isDownloadAllowed && documentKind(document.type).preview !== 'pdf')
    return 'Watermarked files other than PDF can be viewed here but not downloaded.';
  return 'View only: the founder has not allowed downloads.';
}

/**
 * The previewer and the footer (Download, or why not). `watermark` is the viewer's identity for a
 * watermarked document, null otherwise. `isDownloadAllowed` is the grant's switch; the source's
 * downloadUrl is null whenever the file cannot be downloaded (switch off, or watermarked non-PDF).
 */
export function DocumentViewer({
  document,
  source,
  watermark,
  isDownloadAllowed,
}: {
  document: ViewerDocument;
  source: DocumentSource;
  watermark: ViewerIdentity | null;
  isDownloadAllowed: boolean;
}) {
  const pageTime = useRecordedView(source);
  const note = downloadNote(document, source, watermark, isDownloadAllowed);
  return (
    <>
      <Previewer document={document} source={source} watermark={watermark} pageTime={pageTime} />
      {watermark && (
        <p className="text-xs text-muted-foreground" data-testid="watermark-caption">
          Watermarked for {watermark.viewerName && watermark.viewerName !== watermark.email ? `${watermark.viewerName} · ` : ''}
          {watermark.email}
        </p>
      )}
      <DialogFooter className="items-center">
        {note && <p className="text-sm text-muted-foreground sm:mr-auto">{note}</p>}
        {source.downloadUrl !== null && (
          <Button asChild variant="outline">
            <a href={source.downloadUrl} download>
              <Download aria-hidden />
              Download
            </a>
          </Button>
        )}
      </DialogFooter>
    </>
  );
}

/**
 * Whether a document's file may be downloaded: the grant allows it, and a watermarked one is a PDF
 * (stamped by the server); other watermarked types have no stamped copy.
 */
export function isDownloadable(document: { type: string; watermark: boolean }, isDownloadAllowed: boolean): boolean {
  return isDownloadAllowed && (!document.watermark || documentKind(document.type).preview === 'pdf');
}
