import { buildApp } from './app';
import { loadConfig } from './config';

async function start() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }

  const app = await buildApp(config);

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
