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
  await app.register(named(accountRoutes));
  await app.register(named(userProfileRoutes));
  await app.register(named(userWorkspacesRoutes));
  await app.register(named(userUsersRoutes));
  await app.register(named(userDashboardRoutes));
  await app.register(named(userTicketsRoutes));
  await app.register(named(storageRoutes));
  await app.register(named(userConversationsRoutes));
  await app.register(named(userCannedResponsesRoutes));
  await app.register(named(userAiTrainingQnasRoutes));
  await app.register(named(userUnansweredQuestionsRoutes));
  await app.register(named(userAiTrainingWebsitesRoutes));
  await app.register(named(userBotPreviewRoutes));
  await app.register(named(userProductsRoutes));
  await app.register(named(userWebhooksRoutes));
  await app.register(named(userWidgetInstallsRoutes));
  await app.register(named(userIdentityVerificationRoutes));
  await app.register(named(userBillingRoutes));
  await app.register(named(userReportsRoutes));
  await app.register(named(userSearchRoutes));
  await app.register(named(userCustomersRoutes));
  await app.register(named(userEmailRoutes));
  await app.register(named(userCopilotRoutes));
  await app.register(named(userSuggestedPairsRoutes));
};

/**
 * Every /api route, one file per area (conventions rule 4). Public areas first: the service, the
 * public site, signing in, the live socket (it authenticates its own messages) and the widget
 * (visitor tokens).
 */
export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(named(healthRoutes));
  await app.register(named(runtimeConfigRoutes));
  await app.register(named(marketingRoutes));
  await app.register(named(newsRoutes));
  await app.register(named(authRoutes));
  await app.register(named(sessionRoutes));
  await app.register(named(liveRoutes));
  await app.register(named(widgetRoutes));
  await app.register(named(inboundMailRoutes));
  await app.register(named(signedInRoutes));
};
