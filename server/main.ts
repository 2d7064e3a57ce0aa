import { buildApp } from './app';
import { DataDirLockedError } from './db/data-dir-lock';
import { EnvError, loadEnv } from './env';
import { startLauncher } from './lib/launcher';
import { runsTracking, warmTracker } from './modules/measurements/tracking/warm-up';

async function main() {
  // The helper that starts ffmpeg and ffprobe, forked while this process is small (decision 355).
  startLauncher();
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let app;
  try {
    app = await buildApp(env);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests in flight, then closing`);
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    // A keep-alive connection whose request finishes after close() began would hold the server open
    // for the whole keep-alive timeout; close each one as soon as it goes idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(sweep);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`Verified Athlete is running at ${env.APP_URL} (${app.dbHandle.driver} database)`);
  // The tracker's code compiled before the first click a family's track waits on, where this process
  // tracks (decision 357).
  if (runsTracking(env))
    warmTracker().then(
      (w) => app.log.info(`Tracker warmed up in ${w.seconds.toFixed(1)} s`),
      (err: unknown) => app.log.warn({ err }, 'Tracker warm-up failed (the first track will be slower)'),
    );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
