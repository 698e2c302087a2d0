// What the build, start and test scripts know about the workspace: its packages and how to run
// a command in each.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The remotes, as shared-sdk lists them for the shell and the API. */
export const remotes = JSON.parse(
  readFileSync(path.join(root, 'shared-sdk/src/remote-names.json'), 'utf8'),
);
export const webApps = ['shell', ...remotes];
/** The customer chat widget: webpack without Module Federation (a loader for any site, and its window). */
export const widget = 'widget';
/** Packages compiled by swc for Node, in dependency order. */
export const nodePackages = ['shared-sdk', 'api'];
/** Every package with a tsconfig. */
export const typedPackages = ['shared-sdk', 'shared-ui', ...webApps, widget, 'api', 'e2e'];

/**
 * Runs a command to its end. `tag`: each line of its output is printed after `[tag]`, so the
 * logs of commands running side by side (npm test's two lanes) can be told apart.
 */
export function run(command, args, { tag, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: tag ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      ...options,
    });
    if (tag) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) =>
          to.write(`[${tag}] ${line}\n`),
        );
      }
    }
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** Runs tasks with at most `limit` at once (the machine has 2 cores). */
export async function runLimited(tasks, limit = 2) {
  const queue = [...tasks];
  const workers = Array.from({ length: Math.min(limit, queue.length) }, async () => {
    while (queue.length) await queue.shift()();
  });
  await Promise.all(workers);
}

function* files(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** A fingerprint of everything a package's build reads, to skip builds that are current. */
export function inputsHash(pkg) {
  const inputs = [pkg, 'webpack', 'shared-ui', 'shared-sdk', 'package-lock.json', '.swcrc.node'];
  const hash = createHash('sha256');
  for (const input of inputs) {
    const full = path.join(root, input);
    const list = statSync(full).isDirectory() ? [...files(full)].sort() : [full];
    for (const file of list) {
      const { size, mtimeMs } = statSync(file);
      hash.update(`${path.relative(root, file)}:${size}:${mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

const stampFile = (pkg) => path.join(root, pkg, 'dist', '.build-inputs');

export function isCurrent(pkg) {
  try {
    return readFileSync(stampFile(pkg), 'utf8') === inputsHash(pkg);
  } catch {
    return false;
  }
}

export function markBuilt(pkg) {
  writeFileSync(stampFile(pkg), inputsHash(pkg));
}

/** Builds the Node packages (not the web apps) that are not current. */
export async function buildNodePackages() {
  for (const pkg of nodePackages) {
    if (isCurrent(pkg)) continue;
    console.log(`Building ${pkg}…`);
    await run('npm', ['run', 'build', '--silent', '-w', pkg]);
    markBuilt(pkg);
  }
}
