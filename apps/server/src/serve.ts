import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { acquireDataDirLock, type DataDirLock, DataDirLockedError } from './lib/data-dir-lock.ts';
import { markStart, startPhases } from './lib/start-phases.ts';

/** How long close() may take once the drain is over (database, timers) before the process gives up. */
const FORCE_EXIT_AFTER_DRAIN_MS = 10_000;

/** The server process (entry: server.ts): config, DATA_DIR lock, listen, graceful shutdown. */
export async function main(): Promise<void> {
  markStart('modules');
  const started = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`medportal: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }

  let lock: DataDirLock | undefined;
  if (config.db.driver === 'pglite') {
    try {
      lock = acquireDataDirLock(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(`medportal: ${err.message}`);
        process.exit(1);
      }
      throw err;
    }
  }

  const app = await buildApp(config);
  try {
    await app.listen({ port: config.port, host: config.host });
    markStart('listening');
    // From now on, stack traces of what loads lazily (payment SDKs, PDF code) point at src/ lines. Not
    // before: Node reads the source map of every module loaded while it is on, which cost the start
    // a second (the bundle loaded before this is not mapped either way).
    process.setSourceMapsEnabled(true);
  } catch (err) {
    app.log.fatal({ err }, 'could not start');
    await app.close().catch((closeErr: unknown) => app.log.error({ err: closeErr }, 'error while closing after a failed start'));
    lock?.release();
    process.exit(1);
  }
  app.log.info(
    { db: config.db.driver, dataDir: config.dataDir, webDist: config.webDist, startup_ms: Math.round(performance.now() - started), phases_ms: startPhases() },
    'medportal server ready',
  );

  let closing = false;
  const drainMs = config.shutdownDrainS * 1000;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal, drain_s: config.shutdownDrainS }, 'shutting down: no new connections, answering requests already received');
    // Closing the database and the rest after the drain is quick; past this something hangs.
    const force = setTimeout(() => {
      app.log.error('shutdown did not finish after the drain: exiting');
      process.exit(1);
    }, drainMs + FORCE_EXIT_AFTER_DRAIN_MS);
    force.unref();
    app
      .drain(drainMs)
      .then(({ cutOff }) => {
        if (cutOff > 0) app.log.warn({ cut_off: cutOff, drain_s: config.shutdownDrainS }, 'drain time over: requests still in flight were cut off');
        // close(): onClose hooks stop timers and close the database.
        return app.close();
      })
      .then(() => {
        lock?.release();
        app.log.info('stopped');
        process.exit(0);
      })
      .catch((err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        lock?.release();
        process.exit(1);
      });
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  process.on('unhandledRejection', (err) => {
    app.log.fatal({ err }, 'unhandled promise rejection');
    process.exit(1);
  });
}
