import type { AnalyticsEventInput, AnalyticsEventName } from '@contract/analytics';
import { analyticsApi } from '@contract/api/analytics';
import { pathOf } from '@contract/endpoint';
import { gtagEvent } from './gtag';

type Properties = NonNullable<AnalyticsEventInput['properties']>;

/** Fire and forget: analytics never delays or breaks a screen, and never logs an error. */
function post(body: AnalyticsEventInput) {
  try {
    // fetch itself, not call(): keepalive lets the event leave while the page unloads.
    void fetch(pathOf(analyticsApi.record), {
      method: analyticsApi.record.method,
      credentials: 'include',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // an old browser without keepalive: nothing to report
  }
}

/** Reports an event (e.g. `trackEvent('video_played', { videoId, playerId })`) to us, and to GA when configured. */
export function trackEvent(name: AnalyticsEventName, properties?: Properties) {
  const path = window.location.pathname;
  post({ name, path, ...(properties ? { properties } : {}) });
  gtagEvent(name, { page_path: path, ...properties });
}

export function trackPageView(path: string) {
  post({ name: 'page_view', path });
  gtagEvent('page_view', {
    page_path: path,
    page_location: window.location.origin + path,
    page_title: document.title,
  });
}
