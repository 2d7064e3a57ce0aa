export { trackEvent } from './track-event';
