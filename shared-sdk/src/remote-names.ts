// architecture: the remotes the shell loads at run time. The list is JSON so that the tools
// (eslint, jest, the build and start scripts) read the same one.
import names from './remote-names.json';

export type RemoteName = `mfe-${string}`;
export const remoteNames: readonly RemoteName[] = names as RemoteName[];
