// Each package is type-checked on its own (each declares its own i18n namespaces), by
// TypeScript 7's native compiler (the `typescript-native` package): several times faster than
// TypeScript 5, which stays as `typescript` for the tools that use its JavaScript API (ESLint).
import path from 'node:path';
import { root, run, runLimited, typedPackages } from './workspace.mjs';

const tsc = path.join(root, 'node_modules/typescript-native/bin/tsc');

try {
  await runLimited(typedPackages.map((pkg) => () => run(process.execPath, [tsc, '-p', pkg])));
  console.log(`Typecheck passed for ${typedPackages.length} packages.`);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
