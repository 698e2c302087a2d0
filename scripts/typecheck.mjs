// Each package is type-checked on its own (each declares its own i18n namespaces).
import { run, runLimited, typedPackages } from './workspace.mjs';

try {
  await runLimited(typedPackages.map((pkg) => () => run('npx', ['tsc', '-p', pkg])));
  console.log(`Typecheck passed for ${typedPackages.length} packages.`);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
