declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

const measurementId: string | undefined = import.meta.env.VITE_GA_MEASUREMENT_ID || undefined;
let loaded = false;

function load() {
  if (loaded || !measurementId) return;
  loaded = true;
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads the arguments objects it is given, so the shim must push `arguments`, not an array.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  // Page views are sent by hand on each route change, not by gtag's own page load hook.
  window.gtag('config', measurementId, { send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
}

export function gtagEvent(name: string, params: Record<string, unknown>) {
  if (!measurementId) return;
  load();
  window.gtag?.('event', name, params);
}
