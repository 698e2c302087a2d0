// architecture: the remotes the shell loads at run time.
export const remoteNames = [
  'mfe-marketing',
  'mfe-tickets',
  'mfe-chat',
  'mfe-training',
  'mfe-products',
  'mfe-settings',
] as const;
export type RemoteName = (typeof remoteNames)[number];
