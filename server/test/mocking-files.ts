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

/**
 * Server test files that measure clips and touch no database: the scene renderer, the tracker and the 40's
 * proposer. They run once, in the `server-media` project (no database set up), not again on PostgreSQL:
 * a database changes nothing they check, and they take most of the API runs' time (decision 335).
 * media-files.test.ts fails when one of them uses the database.
 */
export const MEDIA_TEST_FILES = [
  'server/lib/kept-clips.test.ts',
  'server/lib/launcher.test.ts',
  'server/lib/repeated-frames.test.ts',
  'server/modules/analysis/readiness/clip-moments.test.ts',
  'server/modules/forty/forty-propose.test.ts',
  'server/modules/measurements/tracking/click-at-speed.test.ts',
  'server/modules/measurements/tracking/follow-player.test.ts',
  'server/modules/measurements/tracking/frame-pick.test.ts',
  'server/modules/measurements/tracking/family-advice.test.ts',
  'server/modules/measurements/tracking/gap-click.test.ts',
  'server/modules/measurements/tracking/ground-drift.test.ts',
  'server/modules/measurements/tracking/lean-shift.test.ts',
  'server/modules/measurements/tracking/lines-thread.test.ts',
  'server/modules/measurements/tracking/max-speed-ceiling.test.ts',
  'server/modules/measurements/tracking/one-look.test.ts',
  'server/modules/measurements/tracking/parted-looks.test.ts',
  'server/modules/measurements/tracking/tracking.test.ts',
  'server/modules/measurements/tracking/warm-up.test.ts',
  'server/modules/measurements/tracking/window-edge.test.ts',
  'server/modules/measurements/tracking/yard-lines.test.ts',
  'server/test/scene/film-examples.test.ts',
  'server/test/scene/fixed-forty-scenes.test.ts',
  'server/test/scene/fixed-forty-starts.test.ts',
  'server/test/scene/fixed-scenes.test.ts',
  'server/test/scene/guide.test.ts',
  'server/test/scene/pinned.test.ts',
  'server/test/scene/scene.test.ts',
];
