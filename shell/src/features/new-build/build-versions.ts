/**
 * Which build of the shell and of each remote this page runs, and whether a newer one has been
 * deployed since. A build's id is its manifest's `metaData.buildInfo.buildVersion` (webpack's
 * hash of the build); the shell's own is also written into its index.html.
 */

// Manifest URL → the build id the page loaded from it.
const loadedBuilds = new Map<string, string>();

export function buildIdOf(manifest: unknown): string | undefined {
  const id = (manifest as { metaData?: { buildInfo?: { buildVersion?: unknown } } } | undefined)
    ?.metaData?.buildInfo?.buildVersion;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** Told by the federation runtime each time it reads a remote's manifest. */
export function recordLoadedBuild(manifestUrl: string, manifest: unknown) {
  const id = buildIdOf(manifest);
  if (id) loadedBuilds.set(manifestUrl, id);
}

/** The build the page loaded from a manifest, if it has read it. */
export function loadedBuild(manifestUrl: string): string | undefined {
  return loadedBuilds.get(manifestUrl);
}

/** The shell's build, from the page it was loaded with. */
function shellBuild(): [string, string] | undefined {
  const id = document.querySelector('meta[name="parley-build"]')?.getAttribute('content');
  if (!id) return undefined;
  return [new URL('/mf-manifest.json', window.location.href).href, id];
}

export type FetchManifest = (url: string) => Promise<unknown>;

const fetchManifest: FetchManifest = async (url) => {
  const response = await fetch(url, { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
};

/**
 * Whether the shell or a remote this page has loaded has a newer build deployed. A manifest that
 * cannot be read (offline, a deploy half done) says nothing: the next check asks again.
 */
export async function hasNewBuild(read: FetchManifest = fetchManifest): Promise<boolean> {
  const shell = shellBuild();
  const builds = shell ? [...loadedBuilds, shell] : [...loadedBuilds];
  const answers = await Promise.all(
    builds.map(async ([url, loaded]) => {
      const deployed = buildIdOf(await read(url).catch(() => undefined));
      return deployed !== undefined && deployed !== loaded;
    }),
  );
  return answers.includes(true);
}

/** For tests: forget what was loaded. */
export function forgetLoadedBuilds() {
  loadedBuilds.clear();
}
