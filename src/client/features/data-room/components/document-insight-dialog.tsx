// The founder's page analytics for one document (issue #21), in a dialog the data room opens from
// `?analytics=<id>`: who read it and how far ("2 of 3 pages", time, last opened), a heatmap of the
// average time per page with the drop-off page marked, and one viewer's path through the pages,
// view by view with the version each view read. With more than one version, a picker chooses the
// version the heatmap is for. The heatmap is a table whose bars are decoration: the numbers are the
// text, and a sentence under the heading sums it up for a screen reader and for everyone else.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BarChart3, Link2 } from 'lucide-react';
import { useSearchParams } from 'wouter';
import type { DocumentInsight, DocumentViewerInsight } from '@shared/contracts/document-insight';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { RelativeTime } from '@/lib/relative-time';
import { documentInsightQuery, viewerPathQuery } from '../api';
import { formatDuration, pluralize } from '../document-format';

/** The address parameter that opens the dialog (paths.documentInsight). */
const ANALYTICS_PARAM = 'analytics';

/** "2 of 3 pages", or what the viewer did with a file that has no pages. */
export function pagesReadText(pagesSeen: number, pageCount: number | null): string {
  if (pageCount === null) return 'Not a PDF';
  return `${pagesSeen} of ${pluralize(pageCount, 'page')}`;
}

/** A row action of the documents table: opens this document's analytics (and puts it in the address). */
export function DocumentInsightButton({ document }: { document: { id: number; name: string } }) {
  const [, setParams] = useSearchParams();
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-9"
      aria-label={`Analytics for ${document.name}`}
      title="Page analytics"
      onClick={() => setParams({ [ANALYTICS_PARAM]: String(document.id) })}
    >
      <BarChart3 aria-hidden />
    </Button>
  );
}

/** The dialog for the document named by `?analytics=<id>`; closing it drops the parameter. */
export function DocumentInsightFromAddress() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get(ANALYTICS_PARAM));
  const documentId = Number.isInteger(id) && id > 0 ? id : null;
  const close = () =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(ANALYTICS_PARAM);
        return next;
      },
      { replace: true },
    );
  return (
    <Dialog open={documentId !== null} onOpenChange={(isOpen) => !isOpen && close()}>
      <DialogContent closeLabel="Close analytics" className="max-w-3xl">
        {documentId !== null && <InsightBody key={documentId} documentId={documentId} />}
      </DialogContent>
    </Dialog>
  );
}

function InsightBody({ documentId }: { documentId: number }) {
  const [version, setVersion] = useState<number | null>(null);
  const query = useQuery(documentInsightQuery(documentId, version));
  const versionId = useId();

  if (query.isPending) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Document analytics</DialogTitle>
          <DialogDescription>Loading who read this document and how far.</DialogDescription>
        </DialogHeader>
        <div role="status" aria-label="Loading analytics" className="grid gap-3">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Document analytics</DialogTitle>
          <DialogDescription>Who read this document and how far.</DialogDescription>
        </DialogHeader>
        <ErrorState title="We couldn't load the analytics" message={query.error.message} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      </>
    );
  }
  const insight = query.data;
  return (
    <>
      <DialogHeader>
        <DialogTitle className="break-words">Analytics for "{insight.name}"</DialogTitle>
        <DialogDescription>Who read this document, how far they got and where they spent their time.</DialogDescription>
      </DialogHeader>
      {insight.versions.length > 1 && (
        <div className="grid gap-2 sm:max-w-xs">
          <label htmlFor={versionId} className="text-sm font-medium">
            Version
          </label>
          <Select id={versionId} value={String(insight.version)} onChange={(event) => setVersion(Number(event.target.value))}>
            {[...insight.versions]
              .sort((a, b) => b.version - a.version)
              .map((entry) => (
                <option key={entry.version} value={entry.version}>
                  Version {entry.version}
                  {entry.version === insight.currentVersion ? ' (current)' : ''} · {pluralize(entry.views, 'view')}
                </option>
              ))}
          </Select>
        </div>
      )}
      {insight.viewers.length === 0 ? (
        <p className="rounded-lg border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">
          No one has opened this document yet. Share it with an investor or send a secure link, and their reading shows here.
        </p>
      ) : (
        <div className="grid min-w-0 gap-6">
          <ViewerList insight={insight} />
          <PageHeatmap insight={insight} />
          <ViewerPath documentId={documentId} viewers={insight.viewers} />
        </div>
      )}
    </>
  );
}

function ViewerList({ insight }: { insight: DocumentInsight }) {
  return (
    <section aria-labelledby="insight-viewers-heading" className="grid gap-2">
      <h3 id="insight-viewers-heading" className="text-sm font-semibold">
        Readers
      </h3>
      <ul className="divide-y rounded-lg border">
        {insight.viewers.map((viewer) => (
          <li key={viewer.viewerKey} className="grid gap-1 px-4 py-3 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium break-all">{viewer.name}</span>
              {viewer.via === 'link' && (
                <Badge variant="outline">
                  <Link2 aria-hidden className="size-3" />
                  Secure link
                </Badge>
              )}
            </p>
            <p className="text-muted-foreground">
              <span className="font-medium text-foreground">{pagesReadText(viewer.pagesSeen, viewer.pageCount)}</span>
              {viewer.lastVersion !== insight.currentVersion && ` of version ${viewer.lastVersion}`}
              {` · ${formatDuration(viewer.totalViewMs)} · ${pluralize(viewer.views, 'view')} · last opened `}
              <RelativeTime iso={viewer.lastOpenedAt} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The sentence that says what the heatmap shows. */
function heatmapSummary(insight: DocumentInsight): string {
  const busiest = insight.heatmap.reduce<DocumentInsight['heatmap'][number] | null>(
    (best, entry) => (best === null || entry.averageMs > best.averageMs ? entry : best),
    null,
  );
  const parts = [`Average time per page for version ${insight.version}, over ${pluralize(insight.pageCount ?? insight.heatmap.length, 'page')}.`];
  if (busiest && busiest.averageMs > 0) parts.push(`Most time on page ${busiest.page}: ${formatDuration(busiest.averageMs)} on average.`);
  parts.push(insight.dropOffPage === null ? 'No clear drop-off page.' : `Most readers stopped after page ${insight.dropOffPage}.`);
  return parts.join(' ');
}

function PageHeatmap({ insight }: { insight: DocumentInsight }) {
  if (insight.pageCount === null || insight.heatmap.length === 0) {
    return (
      <section aria-labelledby="insight-heatmap-heading" className="grid gap-2">
        <h3 id="insight-heatmap-heading" className="text-sm font-semibold">
          Time per page
        </h3>
        <p className="text-sm text-muted-foreground">
          {insight.pageCount === null ? 'Time per page is measured for PDFs only.' : 'No page of this version has been read yet.'}
        </p>
      </section>
    );
  }
  const longest = Math.max(1, ...insight.heatmap.map((entry) => entry.averageMs));
  return (
    <section aria-labelledby="insight-heatmap-heading" aria-describedby="insight-heatmap-summary" className="grid gap-2">
      <h3 id="insight-heatmap-heading" className="text-sm font-semibold">
        Time per page
      </h3>
      <p id="insight-heatmap-summary" className="text-sm text-muted-foreground" data-testid="heatmap-summary">
        {heatmapSummary(insight)}
      </p>
      <table className="w-full text-sm" data-testid="page-heatmap">
        <caption className="sr-only">Average time on each page of version {insight.version}, and how many readers saw it</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="w-20 py-1 font-medium">
              Page
            </th>
            <th scope="col" className="py-1 font-medium">
              Average time
            </th>
            <th scope="col" className="w-20 py-1 text-right font-medium">
              Readers
            </th>
          </tr>
        </thead>
        <tbody>
          {insight.heatmap.map((entry) => {
            const isDropOff = entry.page === insight.dropOffPage;
            return (
              <tr key={entry.page} className={isDropOff ? 'bg-destructive/5' : undefined}>
                <th scope="row" className="py-1 pr-2 text-left font-normal whitespace-nowrap tabular-nums">
                  {entry.page}
                  {isDropOff && (
                    <Badge variant="outline" className="ml-1 border-destructive/50 text-destructive">
                      Drop-off
                    </Badge>
                  )}
                </th>
                <td className="py-1 pr-2">
                  <div className="flex items-center gap-2">
                    <div aria-hidden className="h-3 min-w-0 flex-1 rounded-sm bg-muted">
                      <div className="h-3 rounded-sm bg-primary" style={{ width: `${(entry.averageMs / longest) * 100}%` }} />
                    </div>
                    <span className="w-14 shrink-0 text-right tabular-nums">{formatDuration(entry.averageMs)}</span>
                  </div>
                </td>
                <td className="py-1 text-right tabular-nums">{entry.viewers}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function ViewerPath({ documentId, viewers }: { documentId: number; viewers: DocumentViewerInsight[] }) {
  const [viewerKey, setViewerKey] = useState(viewers[0]?.viewerKey ?? '');
  const selectId = useId();
  const path = useQuery({ ...viewerPathQuery(documentId, viewerKey), enabled: viewerKey !== '' });
  return (
    <section aria-labelledby="insight-path-heading" className="grid gap-2">
      <h3 id="insight-path-heading" className="text-sm font-semibold">
        One reader's path
      </h3>
      <div className="grid gap-2 sm:max-w-xs">
        <label htmlFor={selectId} className="text-sm font-medium">
          Reader
        </label>
        <Select id={selectId} value={viewerKey} onChange={(event) => setViewerKey(event.target.value)}>
          {viewers.map((viewer) => (
            <option key={viewer.viewerKey} value={viewer.viewerKey}>
              {viewer.name}
            </option>
          ))}
        </Select>
      </div>
      {path.isPending ? (
        <div role="status" aria-label="Loading the reader's path">
          <Skeleton className="h-16 w-full" />
        </div>
      ) : path.isError ? (
        <ErrorState title="We couldn't load this reader's path" message={path.error.message} onRetry={() => void path.refetch()} isRetrying={path.isFetching} />
      ) : (
        <ol className="grid gap-2" aria-label={`${path.data.name}'s views, newest first`}>
          {path.data.views.map((view) => (
            <li key={view.viewId} className="rounded-lg border px-4 py-3 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{formatDateTime(view.openedAt)}</span>
                <Badge variant="outline">Version {view.version}</Badge>
                {view.durationMs !== null && <span className="text-muted-foreground">{formatDuration(view.durationMs)} open</span>}
              </p>
              {view.pages.length === 0 ? (
                <p className="mt-1 text-muted-foreground">No page read for a second or more.</p>
              ) : (
                <ol className="mt-2 flex flex-wrap gap-1.5" aria-label="Pages read, in page order">
                  {view.pages.map((page) => (
                    <li key={page.page} className="rounded-md bg-muted px-2 py-0.5 tabular-nums">
                      Page {page.page}: {formatDuration(page.durationMs)}
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
