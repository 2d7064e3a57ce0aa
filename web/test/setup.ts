import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { forgetShownScreens } from '@/app/on-demand';
import { queryClient } from '@/lib/query-client';
import { server } from './server';

// jsdom lacks what Radix and sonner measure with; none of it changes what a user reads.
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  dispatchEvent: () => false,
})) as unknown as typeof window.matchMedia;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// A loaded machine may take seconds to show a lazy screen: wait for conditions, never for a fixed time.
configure({ asyncUtilTimeout: 60_000 });

// A request nobody answers is a test that does not know what the screen asks for.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// As in the browser journeys, a console.error (a React warning, a failed render) fails the test.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  // Files share a worker's modules (isolate: false): toasts live in sonner's module state, so none may outlive its test.
  toast.dismiss();
  cleanup();
  vi.restoreAllMocks();
  server.resetHandlers();
  queryClient.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  // Each test opens the app as a new page would: its first screen is the page's first (decision 222).
  forgetShownScreens();
  if (consoleErrors.length)
    throw new Error(
      `console.error was called:\n${consoleErrors.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
});
// The code a file started loading (a preloaded screen, a chart) arrives before the file ends: loaded after
// the file's environment was torn down, it failed the next files of the worker (scripts/vitest-track-imports.ts).
const importsInFlight = new Set<Promise<unknown>>();
(globalThis as { __trackImport?: (p: Promise<unknown>) => Promise<unknown> }).__trackImport = (p) => {
  importsInFlight.add(p);
  p.then(
    () => importsInFlight.delete(p),
    () => importsInFlight.delete(p),
  );
  return p;
};
afterAll(async () => {
  while (importsInFlight.size) await Promise.allSettled([...importsInFlight]);
  server.close();
});
