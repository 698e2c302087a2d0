import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Hands the template's path from Jest's global setup to every test file of the run. */
const variable = 'PARLEY_TEST_PGLITE_TEMPLATE';

/**
 * Jest's global setup for the API tests: the empty cluster every in-memory test database starts
 * from (api/scripts/pglite-template.mjs), made once per PGlite version and kept in the temporary
 * folder. Migrations still run on each database as the app runs them.
 */
export default function createPgliteTemplate(): void {
  // Its package.json is not among the package's exports; it sits beside dist/.
  const packageJson = path.join(require.resolve('@electric-sql/pglite'), '../../package.json');
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  const file = path.join(os.tmpdir(), `parley-test-pglite-${version}.tar`);
  if (!existsSync(file)) {
    execFileSync('node', [path.join(__dirname, '../../scripts/pglite-template.mjs'), file], {
      stdio: 'inherit',
    });
  }
  process.env[variable] = file;
}

/** The template when the run made one (an API test file run alone has it too). */
export function pgliteTemplate(): string | undefined {
  return process.env[variable];
}
