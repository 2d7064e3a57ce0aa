/**
 * Server test files that replace a module with vi.mock. They run in the `server-mocking` project, each
 * with a module graph of its own; every other server file shares one per worker (decision 183).
 * mocking.test.ts fails when a file uses vi.mock and is not listed here.
 */
export const MOCKING_TEST_FILES = ['server/modules/videos/video-unreadable-probe.test.ts'];

/** The same for web component files (`*.test.tsx`): they run in the `web-mocking` project, isolated. */
export const WEB_MOCKING_TEST_FILES = [
  'web/features/measurements/components/workbench/measurement-workbench.test.tsx',
  'web/features/analysis/components/queue/complete-form.test.tsx',
];
