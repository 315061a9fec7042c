// Issue #21, page-level analytics (docs/data-room.md, "Page-level analytics"): the rules that need
// no database. How much time a batch may add to a view's pages, who counts as one viewer, and the
// heatmap with its drop-off page, computed from the time each viewer spent on each page.
import { PAGE_SEEN_MIN_MS } from '../../../shared/contracts/document-insight';

/**
 * A page's time may exceed the view's wall time by this much: the viewer's clock and the server's
 * differ a little, and the last batch is measured in the browser up to the moment it is sent.
 */
export const PAGE_TIME_SLACK_MS = 2_000;

/**
 * After a view closes (or access ends while it is open), its last batches are still accepted for
 * this long: the final beacon is sent on close, and the time it reports is true.
 */
export const PAGE_TIME_GRACE_MS = 5 * 60_000;

export const PAGE_TIME_SENTENCES = {
  pdfOnly: 'Page times are recorded for PDFs only.',
  unreadablePdf: 'The pages of this PDF could not be counted, so page times cannot be recorded for it.',
  outOfRange: (page: number, pageCount: number) => `Page ${page} is not in this document: it has ${pageCount} page${pageCount === 1 ? '' : 's'}.`,
  longerThanView: 'The time on a page cannot be longer than the view.',
  tooLate: 'This view ended more than 5 minutes ago, so no more page times can be added to it.',
  viewMissing: 'This view does not exist.',
} as const;

/** What decides how much page time a view may still take. */
export interface ViewTiming {
  openedAt: Date;
  /** Set when the view was closed. */
  durationMs: number | null;
  /** When the viewer's access ended (grant revoked or expired, link off or expired), if it has. */
  accessEndedAt: Date | null;
  /** The viewer may no longer read the document, and when that happened is not known (e.g. it left the link). */
  isAccessGoneUntimed: boolean;
}

/**
 * The most time any one page of this view may hold after the batch, or null when the view no
 * longer takes batches. A closed view holds at most its duration and takes batches for 5 minutes
 * after its end; an open view holds at most the time since it opened (up to the end of access), and
 * takes batches while access is live and for 5 minutes after it ended.
 */
export function pageTimeLimitMs(view: ViewTiming, now: Date): number | null {
  const opened = view.openedAt.getTime();
  if (view.durationMs !== null) {
    const end = opened + view.durationMs;
    return now.getTime() <= end + PAGE_TIME_GRACE_MS ? view.durationMs + PAGE_TIME_SLACK_MS : null;
  }
  if (view.isAccessGoneUntimed) return null;
  if (view.accessEndedAt) {
    if (now.getTime() > view.accessEndedAt.getTime() + PAGE_TIME_GRACE_MS) return null;
    return Math.max(0, Math.min(now.getTime(), view.accessEndedAt.getTime()) - opened) + PAGE_TIME_SLACK_MS;
  }
  return Math.max(0, now.getTime() - opened) + PAGE_TIME_SLACK_MS;
}

/** One viewer across their views: an account ('user:12') or, for link visitors without one, the email ('email:a@b.example'). */
export function viewerKeyOf(view: { viewerId: number | null; visitorEmail: string | null }): string {
  return view.viewerId !== null ? `user:${view.viewerId}` : `email:${(view.visitorEmail ?? '').toLowerCase()}`;
}

export function parseViewerKey(key: string): { viewerId: number } | { email: string } {
  return key.startsWith('user:') ? { viewerId: Number(key.slice('user:'.length)) } : { email: key.slice('email:'.length).toLowerCase() };
}

/** A page counts as seen by a viewer when their time on it (summed over their views of the version) reaches this. */
export const isPageSeen = (totalMs: number) => totalMs >= PAGE_SEEN_MIN_MS;

export interface PageHeatRow {
  page: number;
  averageMs: number;
  viewers: number;
}

/**
 * The heatmap of one version: per page, the average time over everyone who opened the version
 * (a page someone never reached counts 0 for them) and how many of them saw it. The drop-off page
 * is the page after which the number of viewers falls most (the first such page on a tie); null
 * when nobody opened the version or nobody stopped early.
 */
export function buildHeatmap(input: {
  pageCount: number;
  /** Everyone who opened the version, even without page times. */
  viewerKeys: string[];
  /** Each viewer's summed time per page in this version. */
  timeByViewer: Map<string, Map<number, number>>;
}): { heatmap: PageHeatRow[]; dropOffPage: number | null } {
  const viewerCount = input.viewerKeys.length;
  const heatmap: PageHeatRow[] = [];
  for (let page = 1; page <= input.pageCount; page++) {
    let totalMs = 0;
    let viewers = 0;
    for (const key of input.viewerKeys) {
      const ms = input.timeByViewer.get(key)?.get(page) ?? 0;
      totalMs += ms;
      if (isPageSeen(ms)) viewers++;
    }
    heatmap.push({ page, averageMs: viewerCount === 0 ? 0 : Math.round(totalMs / viewerCount), viewers });
  }
  let dropOffPage: number | null = null;
  let largestFall = 0;
  for (let index = 0; index + 1 < heatmap.length; index++) {
    const fall = heatmap[index]!.viewers - heatmap[index + 1]!.viewers;
    if (fall > largestFall) {
      largestFall = fall;
      dropOffPage = heatmap[index]!.page;
    }
  }
  return { heatmap, dropOffPage: viewerCount === 0 ? null : dropOffPage };
}
