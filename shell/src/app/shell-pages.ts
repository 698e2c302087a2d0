import { lazyComponent } from './lazy-component';

// The shell's own pages load on demand, so the public site does not pay for them.
export const shellPages = {
  LoginPage: lazyComponent(() =>
    import('../features/auth/login-page').then((module) => module.LoginPage),
  ),
  SignupPage: lazyComponent(() =>
    import('../features/auth/signup-page').then((module) => module.SignupPage),
  ),
  ForgotPasswordPage: lazyComponent(() =>
    import('../features/auth/forgot-password-page').then((module) => module.ForgotPasswordPage),
  ),
  DashboardHomePage: lazyComponent(() =>
    import('../features/dashboard/dashboard-home-page').then((module) => module.DashboardHomePage),
  ),
  WorkspaceHomePage: lazyComponent(() =>
    import('../features/dashboard/workspace-home-page').then((module) => module.WorkspaceHomePage),
  ),
  HelpPage: lazyComponent(() =>
    import('../features/help/help-page').then((module) => module.HelpPage),
  ),
};
