// Builds every app for production: the Node packages with swc, the shell, each remote and the
// widget with webpack (two at a time). Without --force, a package whose inputs have not changed is skipped.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  isCurrent,
  markBuilt,
  nodePackages,
  root,
  run,
  runLimited,
  webApps,
  widget,
} from './workspace.mjs';
import { prerender } from './prerender.mjs';

const compressible = /\.(js|json|html|svg|css|txt)$/;

/** Writes best-compression .br and .gz copies beside a file; the server sends them. */
function precompressFile(file) {
  const content = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}

/** Compressed copies of each text file in `dir`. */
function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && compressible.test(entry.name)) {
      precompressFile(path.join(entry.parentPath, entry.name));
    }
  }
}

const force = process.argv.includes('--force');

/** The public pages' HTML is rendered from the shell, mfe-marketing and the API's news. */
const prerenderInputs = ['shell', 'mfe-marketing', 'api'];

/** `tag`: printed before each line of the commands' output (see run() in workspace.mjs). */
export async function build({ force: rebuildAll = false, tag } = {}) {
  const stale = (pkg) => rebuildAll || !isCurrent(pkg);
  const prerenderStale =
    prerenderInputs.some(stale) ||
    !existsSync(path.join(root, 'shell/dist/prerendered/pages.json'));
  for (const pkg of nodePackages.filter(stale)) {
    console.log(`Building ${pkg}…`);
    await run('npm', ['run', 'build', '--silent', '-w', pkg], { tag });
    markBuilt(pkg);
  }
  await runLimited(
    [...webApps, widget].filter(stale).map((app) => async () => {
      console.log(`Building ${app}…`);
      await run('npx', ['webpack', '--mode', 'production'], {
        cwd: new URL(`../${app}/`, import.meta.url),
        tag,
      });
      precompress(path.join(root, app, 'dist'));
      markBuilt(app);
    }),
  );
  if (prerenderStale) {
    console.log('Prerendering the public pages…');
    const { loader } = await prerender();
    precompress(path.join(root, 'shell/dist/prerendered'));
    precompressFile(path.join(root, 'shell/dist', loader));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  build({ force }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
