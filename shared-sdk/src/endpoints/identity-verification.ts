import { endpoint } from '../endpoint';

// Settings › Integrations › Identity verification: admins of the workspace. The secret is
// answered only by create and rotate.
export const identityVerificationEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/user/identity-verification',
    query: 'workspaceIdQuerySchema',
    response: 'identityVerificationSchema',
  }),
  /** Makes the workspace's first secret; answers it, the one time it is shown. */
  create: endpoint({
    method: 'POST',
    path: '/api/user/identity-verification',
    body: 'identityVerificationRequestSchema',
    response: 'identitySecretResponseSchema',
    status: 201,
  }),
  /** A new secret (answered once); the previous one is still accepted for 24 hours. */
  rotate: endpoint({
    method: 'POST',
    path: '/api/user/identity-verification-rotate',
    body: 'identityVerificationRequestSchema',
    response: 'identitySecretResponseSchema',
  }),
  /** Turns "Require verified identity" on or off. */
  update: endpoint({
    method: 'PATCH',
    path: '/api/user/identity-verification',
    body: 'updateIdentityVerificationRequestSchema',
    response: 'identityVerificationSchema',
  }),
};
