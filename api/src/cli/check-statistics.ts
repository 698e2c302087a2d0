// `npm run check:statistics -w api`: recounts every workspace's statistics from the rows and
// prints each counter that differs from the stored one; exits 1 if any does, 2 if it cannot run.
// Same configuration as the server (DATA_DIR or DATABASE_URL). The embedded database (PGlite)
// is one process's: stop the server first, or use PostgreSQL.
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect-database';
import { checkStatistics } from '../services/statistics-check';

/** Enough of a logger for the database connection: warnings and errors to stderr. */
function consoleLogger(): FastifyBaseLogger {
  const quiet = () => undefined;
  const logger = {
    level: 'warn',
    fatal: (...args: unknown[]) => console.error(...args),
    error: (...args: unknown[]) => console.error(...args),
    warn: (...args: unknown[]) => console.error(...args),
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}

export async function main(
  env: Record<string, string | undefined>,
  cwd: string,
  print: (line: string) => void,
): Promise<number> {
  const config = loadConfig(env, cwd);
  const connection = await connectDatabase(config.database, consoleLogger());
  try {
    const report = await checkStatistics(connection.db);
    print(
      `Checked ${report.workspaces} workspace(s): ${report.checked.join(', ') || 'nothing'} counted` +
        (report.skipped.length > 0 ? `; not yet (no table): ${report.skipped.join(', ')}` : ''),
    );
    for (const { workspaceId, counter, stored, counted } of report.differences) {
      print(
        stored === null
          ? `workspace ${workspaceId}: no statistics row (${counter} counted ${counted})`
          : `workspace ${workspaceId}: ${counter} is ${stored}, counted ${counted}`,
      );
    }
    if (report.differences.length === 0) {
      print('Statistics match the rows.');
      return 0;
    }
    print(`${report.differences.length} difference(s).`);
    return 1;
  } finally {
    await connection.close();
  }
}

if (require.main === module) {
  // npm runs workspace scripts in api/; a relative DATA_DIR means the same as for `npm start`,
  // from where the command was typed (INIT_CWD).
  main(process.env, process.env.INIT_CWD || process.cwd(), (line) => console.log(line)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 2;
    },
  );
}
