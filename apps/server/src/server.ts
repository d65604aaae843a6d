import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { acquireDataDirLock, type DataDirLock, DataDirLockedError } from './lib/data-dir-lock.ts';

/** Process entry: config, DATA_DIR lock, listen, graceful shutdown. */
async function main(): Promise<void> {
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
  } catch (err) {
    app.log.fatal({ err }, 'could not start');
    await app.close().catch(() => undefined);
    lock?.release();
    process.exit(1);
  }
  app.log.info(
    { db: config.db.driver, dataDir: config.dataDir, webDist: config.webDist, startup_ms: Math.round(performance.now() - started) },
    'medportal server ready',
  );

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    // close(): stops accepting, waits for in-flight requests, then onClose hooks close the database.
    app
      .close()
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

main().catch((err: unknown) => {
  console.error('medportal: failed to start:', err);
  process.exit(1);
});
