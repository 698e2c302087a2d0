import buildTrackerPlugin from '../../runtime-plugins/build-tracker';
import { forgetLoadedBuilds, hasNewBuild, recordLoadedBuild } from './build-versions';

const manifest = (buildVersion: string) => ({ metaData: { buildInfo: { buildVersion } } });
const chatManifest = 'https://remotes.example/mfe-chat/mf-manifest.json';
const shellManifest = 'http://localhost/mf-manifest.json';

function deployed(builds: Record<string, string | Error>) {
  return jest.fn(async (url: string) => {
    const build = builds[url];
    if (build instanceof Error) throw build;
    return build === undefined ? {} : manifest(build);
  });
}

beforeEach(() => {
  forgetLoadedBuilds();
  document.head.innerHTML = '<meta name="parley-build" content="shell-1">';
});

describe('the check for a new build', () => {
  it('sees nothing new while the shell and the remotes in use are the ones loaded', async () => {
    recordLoadedBuild(chatManifest, manifest('chat-1'));
    const read = deployed({ [chatManifest]: 'chat-1', [shellManifest]: 'shell-1' });
    await expect(hasNewBuild(read)).resolves.toBe(false);
    expect(read.mock.calls.map(([url]) => url).sort()).toEqual(
      [chatManifest, shellManifest].sort(),
    );
  });

  it("sees a remote's new build, told by the federation runtime's manifest hook", async () => {
    await buildTrackerPlugin().afterLoadManifest?.({
      manifestUrl: chatManifest,
      manifestJson: manifest('chat-1'),
    } as never);
    await expect(
      hasNewBuild(deployed({ [chatManifest]: 'chat-2', [shellManifest]: 'shell-1' })),
    ).resolves.toBe(true);
  });

  it("sees the shell's new build against the one its page names", async () => {
    await expect(hasNewBuild(deployed({ [shellManifest]: 'shell-2' }))).resolves.toBe(true);
  });

  it('says nothing for a manifest it cannot read or that has no build id', async () => {
    recordLoadedBuild(chatManifest, manifest('chat-1'));
    await expect(
      hasNewBuild(deployed({ [chatManifest]: new Error('offline'), [shellManifest]: '' })),
    ).resolves.toBe(false);
  });

  it('only checks remotes the page has loaded', async () => {
    const read = deployed({ [shellManifest]: 'shell-1' });
    await hasNewBuild(read);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
