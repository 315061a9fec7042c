// Time on each page of an open PDF (issue #21), kept apart from the viewer so its rules can be
// tested without a browser. The viewer tells it which page is at least half visible (or none, when
// the page is scrolled mostly away or the tab is hidden), with the current time; it keeps the time
// per page since the last batch and hands that over when the viewer reports (every 10 s and on close).
// Only a stretch of at least PAGE_SEEN_MIN_MS counts: flicking past a page is not reading it.
import { MAX_PAGES_PER_BATCH, PAGE_SEEN_MIN_MS, type PageTimeBatch } from '@shared/contracts/document-insight';

export type PageTime = PageTimeBatch['pages'][number];

/** Longest a single page entry may be; the contract refuses more than a day. */
const MAX_PAGE_MS = 24 * 60 * 60 * 1000;

export class PageTimeTracker {
  /** Time per page not yet reported (only stretches that reached the minimum). */
  private readonly pending = new Map<number, number>();
  /** The page being looked at now, since when, and the part of its stretch already counted. */
  private stretch: { page: number; startedAt: number; countedUntil: number } | null = null;

  /** The page now at least half visible, or null when none is (hidden tab, page scrolled away). */
  show(page: number | null, now: number): void {
    if (this.stretch?.page === page) return;
    this.closeStretch(now);
    if (page !== null) this.stretch = { page, startedAt: now, countedUntil: now };
  }

  /**
   * The time per page since the last batch, in page order, and forgets it. A stretch still going
   * counts up to now once it has reached the minimum, and goes on from here.
   */
  takeBatch(now: number): PageTime[] {
    if (this.stretch && now - this.stretch.startedAt >= PAGE_SEEN_MIN_MS) {
      this.add(this.stretch.page, now - this.stretch.countedUntil);
      this.stretch.countedUntil = now;
    }
    const pages = [...this.pending.entries()]
      .map(([page, ms]) => ({ page, durationMs: Math.min(MAX_PAGE_MS, Math.round(ms)) }))
      .filter((entry) => entry.durationMs >= 1)
      .sort((a, b) => a.page - b.page)
      .slice(0, MAX_PAGES_PER_BATCH);
    this.pending.clear();
    return pages;
  }

  /** A batch that could not be sent yet (the view has no id): kept for the next one. */
  giveBack(pages: readonly PageTime[]): void {
    for (const entry of pages) this.add(entry.page, entry.durationMs);
  }

  private closeStretch(now: number): void {
    const stretch = this.stretch;
    this.stretch = null;
    if (stretch && now - stretch.startedAt >= PAGE_SEEN_MIN_MS) this.add(stretch.page, now - stretch.countedUntil);
  }

  private add(page: number, ms: number): void {
    if (ms > 0) this.pending.set(page, (this.pending.get(page) ?? 0) + ms);
  }
}
