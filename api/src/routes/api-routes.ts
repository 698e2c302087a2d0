import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './account';
import { authRoutes } from './auth';
import { healthRoutes } from './health';
import { inboundMailRoutes } from './inbound-mail';
import { liveRoutes } from './live';
import { marketingRoutes } from './marketing';
import { newsRoutes } from './news';
import { runtimeConfigRoutes } from './runtime-config';
import { sessionRoutes } from './session';
import { storageRoutes } from './storage';
import { userAiTrainingQnasRoutes } from './user-ai-training-qnas';
import { userUnansweredQuestionsRoutes } from './user-unanswered-questions';
import { userAiTrainingWebsitesRoutes } from './user-ai-training-websites';
import { userBillingRoutes } from './user-billing';
import { userBotPreviewRoutes } from './user-bot-preview';
import { userCopilotRoutes } from './user-copilot';
import { userSuggestedPairsRoutes } from './user-suggested-pairs';
import { userCannedResponsesRoutes } from './user-canned-responses';
import { userConversationsRoutes } from './user-conversations';
import { userCustomersRoutes } from './user-customers';
import { userDashboardRoutes } from './user-dashboard';
import { userEmailRoutes } from './user-email';
import { userIdentityVerificationRoutes } from './user-identity-verification';
import { userProductsRoutes } from './user-products';
import { userProfileRoutes } from './user-profile';
import { userReportsRoutes } from './user-reports';
import { userSearchRoutes } from './user-search';
import { userTicketsRoutes } from './user-tickets';
import { userUsersRoutes } from './user-users';
import { userWebhooksRoutes } from './user-webhooks';
import { userWidgetInstallsRoutes } from './user-widget-installs';
import { userWorkspacesRoutes } from './user-workspaces';
import { widgetRoutes } from './widget';
import { named } from './named-plugin';

/**
 * The signed-in calls: every route registered in here needs a valid token (401 otherwise), unless
 * it says `config: { auth: 'optional' | 'public' }`. A new route is guarded the day it lands.
 */
const signedInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, auth: route.config?.auth ?? 'required' };
  });
  for (const routes of [
    accountRoutes,
    userProfileRoutes,
    userWorkspacesRoutes,
    userUsersRoutes,
    userDashboardRoutes,
    userTicketsRoutes,
    storageRoutes,
    userConversationsRoutes,
    userCannedResponsesRoutes,
    userAiTrainingQnasRoutes,
    userUnansweredQuestionsRoutes,
    userAiTrainingWebsitesRoutes,
    userBotPreviewRoutes,
    userProductsRoutes,
    userWebhooksRoutes,
    userWidgetInstallsRoutes,
    userIdentityVerificationRoutes,
    userBillingRoutes,
    userReportsRoutes,
    userSearchRoutes,
    userCustomersRoutes,
    userEmailRoutes,
    userCopilotRoutes,
    userSuggestedPairsRoutes,
  ]) {
    await app.register(named(routes));
  }
};

/**
 * Every /api route, one file per area (conventions rule 4). Public areas first: the service, the
 * public site, signing in, the live socket (it authenticates its own messages) and the widget
 * (visitor tokens).
 */
export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const routes of [
    healthRoutes,
    runtimeConfigRoutes,
    marketingRoutes,
    newsRoutes,
    authRoutes,
    sessionRoutes,
    liveRoutes,
    widgetRoutes,
    inboundMailRoutes,
    signedInRoutes,
  ]) {
    await app.register(named(routes));
  }
};
