/** The coach feature's public surface (issue 29): screens compose these. */
export { CoachApplicationForm } from './components/coach-application-form';
export { CoachApplications } from './components/coach-applications';
export { useCoachApplications } from './api/admin';
export { CoachMessages } from './components/coach-messages';
export { CoachProfileView } from './components/coach-profile';
export { CoachSearch } from './components/coach-search';
export { CoachUnsubscribe } from './components/coach-unsubscribe';
export { DiscoveryCard } from './components/discovery-card';
export { Watchlist } from './components/watchlist';
