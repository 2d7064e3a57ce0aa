export { PageViewTracker } from './page-view-tracker';
export { trackEvent } from './track-event';
