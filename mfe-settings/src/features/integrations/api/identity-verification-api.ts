import { call, identityVerificationEndpoints } from 'shared-sdk';

// Settings › Integrations › Identity verification; the server checks the caller is an admin.

export const createIdentitySecret = (workspaceId: string) =>
  call(identityVerificationEndpoints.create, { workspaceId });

export const rotateIdentitySecret = (workspaceId: string) =>
  call(identityVerificationEndpoints.rotate, { workspaceId });

export const setIdentityRequired = (workspaceId: string, required: boolean) =>
  call(identityVerificationEndpoints.update, { workspaceId, required });

/**
 * How a business's server signs its user's id (widget/README.md shows the same): code, not
 * prose, so not translated.
 */
export const identitySnippets = Object.assign(
  [
    {
      language: 'Node',
      text: "const crypto = require('node:crypto');\nconst userHash = crypto.createHmac('sha256', PARLEY_IDENTITY_SECRET).update(user.id).digest('hex');",
    },
    {
      language: 'Python',
      text: 'import hashlib, hmac\nuser_hash = hmac.new(PARLEY_IDENTITY_SECRET.encode(), user.id.encode(), hashlib.sha256).hexdigest()',
    },
    {
      language: 'PHP',
      text: "$userHash = hash_hmac('sha256', $user->id, PARLEY_IDENTITY_SECRET);",
    },
    {
      language: 'Ruby',
      text: "require 'openssl'\nuser_hash = OpenSSL::HMAC.hexdigest('SHA256', PARLEY_IDENTITY_SECRET, user.id.to_s)",
    },
  ],
  {
    page: "<script>\n  window.Parley = window.Parley || { q: [] };\n  Parley.q.push(['identify', { userId: 'USER_ID', userHash: 'USER_HASH', email: 'EMAIL' }]);\n</script>",
  },
);
