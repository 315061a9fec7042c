// PDF preview with react-pdf (pdf.js). Loaded lazily, with its worker bundled by Vite as a
// same-origin asset (the app's CSP allows workers from 'self' only). pdf.js asks the server for
// byte ranges, so the first page of a large deck shows before the whole file has arrived.
// The page opens fitted to the space the dialog leaves it, by width and height, so a portrait page
// is seen whole on any screen; Zoom in/out, 100% and Fit change that, and the page area scrolls
// when the page is larger than it.
// A watermarked document (issue #20) gets the viewer's watermark drawn into the page's canvas the
// moment pdf.js finishes it (in the same task, so no frame shows the bare page), and no text or
// annotation layer: selectable text would be an unwatermarked copy of the page.
// Issue #21: while the document is open, the time on each page is measured (page-time.ts) and sent
// every 10 s and as the viewer closes. Only timers and an IntersectionObserver do it: nothing
// renders or runs per frame, so scrolling and zooming are untouched.
import { useEffect, useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { ChevronLeft, ChevronRight, Minus, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { PageTimeTracker } from '../../page-time';
import type { PageTimeRecorder } from '../document-viewer';
import { drawWatermark, type ViewerIdentity } from './watermark-canvas';

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

/**
 * CSS pixels per PDF point at 100%. A point is 1/72 inch and a CSS pixel 1/96, so 100% shows the
 * page at its printed size, as the pdf.js and browser PDF viewers do.
 */
const CSS_PX_PER_POINT = 96 / 72;
/** The zoom steps of + and −, as fractions of the printed size. */
const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;
const MIN_ZOOM = ZOOM_STEPS[0];
const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
/** Rounding slack, so a fitted 99.99% counts as 100% when stepping. */
const EPSILON = 0.001;

/** 'fit' follows the page area's size; a number is a fixed fraction of the printed size. */
type Zoom = 'fit' | number;

interface Size {
  width: number;
  height: number;
}

/** The content box of an element (padding excluded), kept up to date. */
function useContentSize<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [size, setSize] = useState<Size>();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: Math.floor(entry.contentRect.width), height: Math.floor(entry.contentRect.height) });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}

/** The zoom that shows the whole page in the area: the tighter of width and height. */
function fitZoom(area: Size, page: Size): number {
  return Math.min(area.width / (page.width * CSS_PX_PER_POINT), area.height / (page.height * CSS_PX_PER_POINT));
}

/** How often the time per page is sent while the document stays open. */
const PAGE_TIME_BATCH_MS = 10_000;
/** A page counts as looked at while at least this share of it is on screen. */
const PAGE_VISIBLE_SHARE = 0.5;

/**
 * Measures the time on the shown page while at least half of it is on screen and the tab is
 * visible, and hands it to `recorder` in batches. One page is shown at a time, so the page element
 * is observed once and the shown page is whichever `pageNumber` is.
 */
function usePageTime(recorder: PageTimeRecorder | null, pageNumber: number, element: HTMLDivElement | null) {
  const tracker = useRef(new PageTimeTracker());
  const pageNumberRef = useRef(pageNumber);
  const isHalfVisible = useRef(false);
  const showCurrent = () => {
    const isLooking = isHalfVisible.current && document.visibilityState === 'visible';
    tracker.current.show(isLooking ? pageNumberRef.current : null, performance.now());
  };

  useEffect(() => {
    pageNumberRef.current = pageNumber;
    showCurrent();
  }, [pageNumber]);

  useEffect(() => {
    if (!recorder || !element) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        isHalfVisible.current = entry.intersectionRatio >= PAGE_VISIBLE_SHARE;
        showCurrent();
      },
      { threshold: [PAGE_VISIBLE_SHARE] },
    );
    observer.observe(element);
    document.addEventListener('visibilitychange', showCurrent);
    const send = (isClosing: boolean) => {
      if (isClosing) tracker.current.show(null, performance.now());
      const pages = tracker.current.takeBatch(performance.now());
      if (pages.length > 0 && !recorder.send(pages, isClosing)) tracker.current.giveBack(pages);
    };
    const timer = window.setInterval(() => send(false), PAGE_TIME_BATCH_MS);
    const unregister = recorder.beforeClose(() => send(true));
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', showCurrent);
      window.clearInterval(timer);
      unregister();
      send(true);
    };
  }, [recorder, element]);
}

const stepUp = (zoom: number) => ZOOM_STEPS.find((step) => step > zoom + EPSILON) ?? MAX_ZOOM;
const stepDown = (zoom: number) => [...ZOOM_STEPS].reverse().find((step) => step < zoom - EPSILON) ?? MIN_ZOOM;

export default function PdfViewer({
  url,
  fetchContent,
  name,
  watermark,
  pageTime = null,
}: {
  /** Where pdf.js reads the file by byte ranges (inline). */
  url: string;
  /** Reads the same URL, to learn the server's sentence when pdf.js fails. */
  fetchContent: () => Promise<Response>;
  name: string;
  watermark: ViewerIdentity | null;
  /** Where the time on each page goes; null when this opening is not recorded. */
  pageTime?: PageTimeRecorder | null;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [pageCount, setPageCount] = useState<number>();
  const [pageNumber, setPageNumber] = useState(1);
  /** The shown page's size in points (rotation applied); pages of one PDF can differ. */
  const [pageSize, setPageSize] = useState<Size>();
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [loadError, setLoadError] = useState<string>();
  const [areaRef, area] = useContentSize<HTMLDivElement>();
  const [pageElement, setPageElement] = useState<HTMLDivElement | null>(null);
  usePageTime(pageTime, pageNumber, pageElement);

  // A new page or zoom is drawn afresh: the mark says "watermarked" again only once it is drawn in.
  useLayoutEffect(() => {
    if (canvasRef.current) canvasRef.current.dataset.watermarked = 'false';
  }, [pageNumber, zoom]);

  const fitted = area && pageSize ? fitZoom(area, pageSize) : undefined;
  const shownZoom = zoom === 'fit' ? fitted : zoom;

  const rememberPageSize = (page: { getViewport: (options: { scale: number }) => Size }) => {
    const { width, height } = page.getViewport({ scale: 1 });
    setPageSize((previous) => (previous?.width === width && previous.height === height ? previous : { width, height }));
  };

  const goToPage = (next: number) => {
    setPageNumber(next);
    // A zoomed-in page starts at its top-left corner, as a new page should.
    areaRef.current?.scrollTo({ top: 0, left: 0 });
  };

  // pdf.js reports only "Unexpected server response (404)"; ask the server for its sentence.
  const explainFailure = () => {
    fetchContent()
      .then((response) => {
        void response.body?.cancel();
        setLoadError('This PDF could not be displayed. It may be damaged; try downloading it instead.');
      })
      .catch((error: Error) => setLoadError(error.message));
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      {/* Focusable so a zoomed page can be scrolled with the arrow keys. A floor on its height keeps
          the page readable in a very short window, where the dialog scrolls instead. */}
      <div
        ref={areaRef}
        role="region"
        aria-label={`${name}, page ${pageNumber}`}
        tabIndex={0}
        className="flex min-h-48 w-full flex-1 overflow-auto rounded-md border bg-muted/40 p-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {loadError ? (
          <ErrorState title="We couldn't open this document" message={loadError} className="m-auto" />
        ) : (
          <Document
            file={url}
            options={PDF_OPTIONS}
            onLoadSuccess={(document) => {
              setPageCount(document.numPages);
              // The first page's size, so the first render is already fitted.
              document
                .getPage(1)
                .then(rememberPageSize)
                .catch(() => {
                  // The page itself reports its failure when it renders.
                });
            }}
            onLoadError={explainFailure}
            loading={<Spinner label="Loading PDF" showLabel className="flex justify-center py-16" />}
            error={<Spinner label="Loading PDF" showLabel className="flex justify-center py-16" />}
            // m-auto centres a page smaller than the area without cutting off one larger than it.
            className="m-auto"
          >
            {shownZoom ? (
              // The element observed for page time (usePageTime): the shown page, whatever its zoom.
              <div ref={setPageElement}>
                <Page
                  pageNumber={pageNumber}
                  scale={shownZoom * CSS_PX_PER_POINT}
                  onLoadSuccess={rememberPageSize}
                  renderAnnotationLayer={false}
                  renderTextLayer={!watermark}
                  canvasRef={canvasRef}
                  onRenderSuccess={() => {
                    if (watermark && canvasRef.current) drawWatermark(canvasRef.current, watermark);
                  }}
                  loading={<Spinner label={`Loading page ${pageNumber}`} className="flex justify-center py-16" />}
                  className="shadow-sm"
                />
              </div>
            ) : null}
          </Document>
        )}
      </div>
      {pageCount && !loadError ? (
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <nav aria-label="PDF pages" className="flex items-center gap-1">
            <ToolbarButton label="Previous page" onClick={() => goToPage(Math.max(1, pageNumber - 1))} disabled={pageNumber <= 1}>
              <ChevronLeft aria-hidden />
            </ToolbarButton>
            <p className="min-w-24 text-center text-sm tabular-nums" aria-live="polite">
              Page {pageNumber} of {pageCount}
            </p>
            <ToolbarButton label="Next page" onClick={() => goToPage(Math.min(pageCount, pageNumber + 1))} disabled={pageNumber >= pageCount}>
              <ChevronRight aria-hidden />
            </ToolbarButton>
          </nav>
          <div role="group" aria-label="Zoom" className="flex items-center gap-1">
            <ToolbarButton label="Zoom out" onClick={() => shownZoom && setZoom(stepDown(shownZoom))} disabled={!shownZoom || shownZoom <= MIN_ZOOM + EPSILON}>
              <Minus aria-hidden />
            </ToolbarButton>
            <output className="min-w-12 text-center text-sm tabular-nums" aria-live="polite" aria-label="Zoom level">
              {shownZoom ? `${Math.round(shownZoom * 100)}%` : ''}
            </output>
            <ToolbarButton label="Zoom in" onClick={() => shownZoom && setZoom(stepUp(shownZoom))} disabled={!shownZoom || shownZoom >= MAX_ZOOM - EPSILON}>
              <Plus aria-hidden />
            </ToolbarButton>
            {/* Visible words start the accessible names (WCAG 2.5.3), so voice users can say them. */}
            <Button variant="outline" size="sm" aria-pressed={zoom === 'fit'} aria-label="Fit page to window" onClick={() => setZoom('fit')}>
              Fit
            </Button>
            <Button variant="outline" size="sm" aria-pressed={zoom === 1} aria-label="100%, printed size" onClick={() => setZoom(1)}>
              100%
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** An icon button with its name as a tooltip too. */
function ToolbarButton({ label, className, ...props }: { label: string } & Omit<ComponentProps<typeof Button>, 'aria-label'>) {
  return <Button variant="outline" size="icon" aria-label={label} title={label} className={cn('size-9', className)} {...props} />;
}
