// PDF preview with react-pdf (pdf.js). Loaded lazily, with its worker bundled by Vite as a
// same-origin asset (the app's CSP allows workers from 'self' only). pdf.js asks the server for
// byte ranges, so the first page of a large deck shows before the whole file has arrived.
import { useEffect, useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { documentContentUrl, fetchDocumentContent } from '../../api';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

// Defined once: react-pdf reloads the document whenever this object changes identity.
const PDF_OPTIONS = {
  // Fonts are drawn without eval (the CSP forbids it anyway; this avoids the failed attempt).
  isEvalSupported: false,
  // Fetch only the ranges the visible page needs instead of streaming the whole file.
  disableStream: true,
  disableAutoFetch: true,
  // Each range passes the server's permission check; 256 KB pieces keep round trips few.
  rangeChunkSize: 256 * 1024,
};

function useElementWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export default function PdfViewer({ documentId, name }: { documentId: number; name: string }) {
  const [pageCount, setPageCount] = useState<number>();
  const [pageNumber, setPageNumber] = useState(1);
  const [loadError, setLoadError] = useState<string>();
  const [containerRef, width] = useElementWidth<HTMLDivElement>();

  // pdf.js reports only "Unexpected server response (404)"; ask the server for its sentence.
  const explainFailure = () => {
    fetchDocumentContent(documentId)
      .then((response) => {
        void response.body?.cancel();
        setLoadError('This PDF could not be displayed. It may be damaged; try downloading it instead.');
      })
      .catch((error: Error) => setLoadError(error.message));
  };

  return (
    <div className="grid gap-3">
      <div
        ref={containerRef}
        role="region"
        aria-label={`${name}, page ${pageNumber}`}
        className="min-h-[50dvh] w-full overflow-hidden rounded-md border bg-muted/40"
      >
        {loadError ? (
          <ErrorState title="We couldn't open this document" message={loadError} className="m-4" />
        ) : (
          <Document
            file={documentContentUrl(documentId, 'inline')}
            options={PDF_OPTIONS}
            onLoadSuccess={(document) => setPageCount(document.numPages)}
            onLoadError={explainFailure}
            loading={<Spinner label="Loading PDF" showLabel className="flex justify-center py-16" />}
            error={<Spinner label="Loading PDF" showLabel className="flex justify-center py-16" />}
            className="flex justify-center"
          >
            {width ? (
              <Page
                pageNumber={pageNumber}
                width={Math.min(width, 900)}
                renderAnnotationLayer={false}
                loading={<Spinner label={`Loading page ${pageNumber}`} className="flex justify-center py-16" />}
                className="shadow-sm"
              />
            ) : null}
          </Document>
        )}
      </div>
      {pageCount && !loadError ? (
        <nav aria-label="PDF pages" className="flex items-center justify-center gap-3">
          <Button variant="outline" size="sm" onClick={() => setPageNumber((page) => Math.max(1, page - 1))} disabled={pageNumber <= 1}>
            <ChevronLeft aria-hidden />
            Previous<span className="sr-only"> page</span>
          </Button>
          <p className="min-w-24 text-center text-sm tabular-nums" aria-live="polite">
            Page {pageNumber} of {pageCount}
          </p>
          <Button variant="outline" size="sm" onClick={() => setPageNumber((page) => Math.min(pageCount, page + 1))} disabled={pageNumber >= pageCount}>
            Next<span className="sr-only"> page</span>
            <ChevronRight aria-hidden />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
