/**
 * Server test files that replace a module with vi.mock. They run in the `server-mocking` project, each
 * with a module graph of its own; every other server file shares one per worker (decision 183).
 * mocking.test.ts fails when a file uses vi.mock and is not listed here.
 */
export const MOCKING_TEST_FILES = ['server/modules/videos/video-unreadable-probe.test.ts'];
