// Issue #21: the viewer counts time on a page only after a real look, and never counts it twice.
import { describe, expect, it } from 'vitest';
import { PAGE_SEEN_MIN_MS } from '@shared/contracts/document-insight';
import { PageTimeTracker } from '@/features/data-room/page-time';

describe('PageTimeTracker', () => {
  it('counts a page once it was half visible for at least the minimum, and reports page order', () => {
    const tracker = new PageTimeTracker();
    tracker.show(2, 0);
    tracker.show(1, 1500);
    tracker.show(null, 4000);
    expect(tracker.takeBatch(5000)).toEqual([
      { page: 1, durationMs: 2500 },
      { page: 2, durationMs: 1500 },
    ]);
  });

  it('does not report a page glimpsed for less than the minimum', () => {
    const tracker = new PageTimeTracker();
    tracker.show(1, 0);
    tracker.show(2, PAGE_SEEN_MIN_MS - 1);
    tracker.show(3, PAGE_SEEN_MIN_MS + 200);
    expect(tracker.takeBatch(PAGE_SEEN_MIN_MS + 300)).toEqual([]);
  });

  it('splits a long stretch over batches without counting any time twice', () => {
    const tracker = new PageTimeTracker();
    tracker.show(1, 0);
    expect(tracker.takeBatch(10_000)).toEqual([{ page: 1, durationMs: 10_000 }]);
    expect(tracker.takeBatch(10_000)).toEqual([]);
    tracker.show(null, 13_000);
    expect(tracker.takeBatch(20_000)).toEqual([{ page: 1, durationMs: 3_000 }]);
  });

  it('leaves a stretch still under the minimum for a later batch', () => {
    const tracker = new PageTimeTracker();
    tracker.show(4, 9_500);
    expect(tracker.takeBatch(10_000)).toEqual([]);
    tracker.show(null, 11_000);
    expect(tracker.takeBatch(20_000)).toEqual([{ page: 4, durationMs: 1_500 }]);
  });

  it('keeps a batch that could not be sent and adds it to the next', () => {
    const tracker = new PageTimeTracker();
    tracker.show(1, 0);
    const first = tracker.takeBatch(2_000);
    tracker.giveBack(first);
    tracker.show(null, 3_000);
    expect(tracker.takeBatch(4_000)).toEqual([{ page: 1, durationMs: 3_000 }]);
  });
});
