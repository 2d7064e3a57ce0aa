/**
 * Debian's Chromium as the browser tests and the first-screen bench launch it (decision 230): no sandbox
 * and no GPU (a container), and none of the browser's own background work, which on two cores competes
 * with the page for a CPU. Chromium 156 made a WebUI omnibox popup (and its AI-mode twin) for every new
 * window, a renderer of its own loading some 30 chrome:// scripts as the page loads: the first screens'
 * LCP doubled (the bare one-heading page 128 ms against 88 ms). Puppeteer turns the two features off by
 * default for the same reason; the address bar's popup is not part of any page a user opens.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
