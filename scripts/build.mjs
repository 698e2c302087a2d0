// Builds every app for production: the Node packages with swc, the shell and each remote with
// webpack (two at a time). Without --force, a package whose inputs have not changed is skipped.
import { isCurrent, markBuilt, nodePackages, run, runLimited, webApps } from './workspace.mjs';

const force = process.argv.includes('--force');

export async function build({ force: rebuildAll = false } = {}) {
  const stale = (pkg) => rebuildAll || !isCurrent(pkg);
  for (const pkg of nodePackages.filter(stale)) {
    console.log(`Building ${pkg}…`);
    await run('npm', ['run', 'build', '--silent', '-w', pkg]);
    markBuilt(pkg);
  }
  await runLimited(
    webApps.filter(stale).map((app) => async () => {
      console.log(`Building ${app}…`);
      await run('npx', ['webpack', '--mode', 'production'], {
        cwd: new URL(`../${app}/`, import.meta.url),
      });
      markBuilt(app);
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  build({ force }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
