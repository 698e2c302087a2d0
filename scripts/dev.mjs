// `npm run dev`: the same single server, with every app rebuilt on change and the API
// restarted when its code changes.
import { spawn } from 'node:child_process';
import { build } from './build.mjs';
import { root, webApps, widget } from './workspace.mjs';

await build();
const children = [
  ...['shared-sdk', 'api'].map((pkg) =>
    spawn(
      'npx',
      [
        'swc',
        'src',
        '-d',
        'dist',
        '--strip-leading-paths',
        '--config-file',
        '../.swcrc.node',
        '--watch',
      ],
      {
        cwd: `${root}/${pkg}`,
        stdio: 'inherit',
      },
    ),
  ),
  ...[...webApps, widget].map((app) =>
    spawn('npx', ['webpack', '--mode', 'development', '--watch'], {
      cwd: `${root}/${app}`,
      stdio: 'inherit',
    }),
  ),
  spawn('node', ['--watch-path=api/dist', '--watch-path=shared-sdk/dist', 'api/dist/server.js'], {
    cwd: root,
    stdio: 'inherit',
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
