// What `react-dom/client` resolves to in the Preact build (vite.config.ts): preact/compat's
// createRoot, plus one guarantee of React's that preact/compat does not give.
//
// React runs the useEffect callbacks of a commit before it starts the next render. Preact runs
// them after the next paint, so a re-render queued in between (a setState from a ref callback or
// a layout effect) happens first. Radix relies on React's order: a slider's thumb registers in its
// collection from an effect, and the thumb's provider, re-rendered by the thumb's ref callback,
// looks it up there to find its index. Under Preact the lookup came first, the index stayed -1, and
// the thumb (hidden while it has no value) never showed. So here a render first runs the effects
// still pending from the last commit; when no render follows, they still run after the paint.
//
// Preact offers no public hook for "a commit happened" or "a component is about to render": this
// uses the two option hooks preact/hooks itself is built on, under the mangled names Preact's builds
// give them (`__c` is options._commit, `__r` is options._render). preact is pinned to an exact version in
// package.json; the slider's browser test (tests/e2e/matching.spec.ts) fails if these names move.
import { options } from 'preact';

export { createRoot, hydrateRoot } from 'preact/compat/client';

interface RenderOptionHooks {
  /** options._commit: after a commit's refs are set, runs its layout effects. */
  __c?: (root: unknown, commitQueue: unknown[]) => void;
  /** options._render: just before a component renders. */
  __r?: (vnode: unknown) => void;
}
const hooks = options as typeof options & RenderOptionHooks;

/** preact/hooks' flush of the pending effects; it hands it over with the first effect of a commit. */
let flushPendingEffects: (() => void) | undefined;
let hasCommittedSinceFlush = false;

function runPendingEffects(): void {
  hasCommittedSinceFlush = false;
  flushPendingEffects?.();
}

/** After the next paint: at the next animation frame, or after 35 ms if frames are not running (a hidden tab), as Preact itself does. */
function afterNextPaint(callback: () => void): void {
  let frame = 0;
  const done = () => {
    clearTimeout(fallback);
    cancelAnimationFrame(frame);
    setTimeout(callback);
  };
  const fallback = setTimeout(done, 35);
  frame = requestAnimationFrame(done);
}

options.requestAnimationFrame = (flush) => {
  flushPendingEffects = flush;
  afterNextPaint(runPendingEffects);
};

const commitLayoutEffects = hooks.__c;
hooks.__c = (root, commitQueue) => {
  commitLayoutEffects?.(root, commitQueue);
  hasCommittedSinceFlush = true;
};

const prepareRender = hooks.__r;
hooks.__r = (vnode) => {
  if (hasCommittedSinceFlush) runPendingEffects();
  prepareRender?.(vnode);
};
