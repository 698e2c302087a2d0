import { lazy } from 'react';

// The shell's own pages load on demand, so the public site does not pay for them.
export const shellPages = {
  LoginPage: lazy(() =>
    import('../features/auth/login-page').then((module) => ({ default: module.LoginPage })),
  ),
  SignupPage: lazy(() =>
    import('../features/auth/signup-page').then((module) => ({ default: module.SignupPage })),
  ),
  ForgotPasswordPage: lazy(() =>
    import('../features/auth/forgot-password-page').then((module) => ({
      default: module.ForgotPasswordPage,
    })),
  ),
  DashboardHomePage: lazy(() =>
    import('../features/dashboard/dashboard-home-page').then((module) => ({
      default: module.DashboardHomePage,
    })),
  ),
  WorkspaceHomePage: lazy(() =>
    import('../features/dashboard/workspace-home-page').then((module) => ({
      default: module.WorkspaceHomePage,
    })),
  ),
  HelpPage: lazy(() =>
    import('../features/help/help-page').then((module) => ({ default: module.HelpPage })),
  ),
};
