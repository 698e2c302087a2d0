import { endpoint } from '../endpoint';

// The identity provider's calls (product-spec.md §7 "identity provider") and the sign-in cookie.
export const identityEndpoints = {
  signup: endpoint({
    method: 'POST',
    path: '/api/auth/signup',
    body: 'signupRequestSchema',
    response: 'authResponseSchema',
    status: 201,
    databaseFailure: 'storeUser',
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    body: 'loginRequestSchema',
    response: 'authResponseSchema',
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/api/auth/refresh',
    body: 'refreshRequestSchema',
    response: 'authResponseSchema',
  }),
  logout: endpoint({ method: 'POST', path: '/api/auth/logout', body: 'logoutRequestSchema' }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/api/auth/password-reset',
    body: 'passwordResetRequestSchema',
  }),
  passwordResetConfirm: endpoint({
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    body: 'passwordResetConfirmSchema',
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/auth/change-password',
    body: 'changePasswordRequestSchema',
    response: 'authResponseSchema',
  }),
  passwordPolicy: endpoint({
    method: 'GET',
    path: '/api/auth/password-policy',
    response: 'passwordPolicySchema',
  }),
  deleteAccount: endpoint({
    method: 'DELETE',
    path: '/api/auth/account',
    body: 'deleteAccountRequestSchema',
  }),
  // product-spec.md §7 POST /api/session: {token}; an empty token on logout.
  session: endpoint({ method: 'POST', path: '/api/session', body: 'sessionRequestSchema' }),
  currentUser: endpoint({
    method: 'GET',
    path: '/api/user',
    response: 'currentUserResponseSchema',
    databaseFailure: 'fetchUser',
  }),
  profile: endpoint({
    method: 'GET',
    path: '/api/user/profile',
    response: 'userSchema',
    databaseFailure: 'fetchUser',
  }),
  updateProfile: endpoint({
    method: 'PATCH',
    path: '/api/user/profile',
    body: 'profileUpdateSchema',
    response: 'userSchema',
    databaseFailure: 'updateUser',
  }),
};
