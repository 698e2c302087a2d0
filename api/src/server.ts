import { loadConfig } from './config';
import { startPglite } from './db/pglite-thread';

async function start() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }

  // The embedded database's thread starts first: PGlite's WebAssembly compiles there (about a
  // second) while this thread loads the app's modules.
  const pglite = config.database.kind === 'pglite' ? startPglite(config.database) : undefined;
  // Its failure is the database plugin's to report, not an unhandled rejection before then.
  pglite?.catch(() => undefined);
  const { buildApp } = await import('./app');
  const app = await buildApp(config, { pglite });

  let closing = false;
  const shutDown = (signal: string) => {
    // A second Ctrl-C while closing means "now".
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutDown('SIGINT'));
  process.on('SIGTERM', () => shutDown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.error({ err }, 'could not start');
    await app.close();
    process.exit(1);
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = process.env.PUBLIC_URL ? config.publicUrl : `http://localhost:${port}`;
  console.log(`Parley is running at ${url}`);
}

start().catch((err: unknown) => {
  console.error('Parley failed to start:', err);
  process.exit(1);
});
