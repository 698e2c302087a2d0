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

/**
 * The signed-in calls: every route registered in here needs a valid token (401 otherwise), unless
 * it says `config: { auth: 'optional' | 'public' }`. A new route is guarded the day it lands.
 */
const signedInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, auth: route.config?.auth ?? 'required' };
  });
  await app.register(accountRoutes);
  await app.register(userProfileRoutes);
  await app.register(userWorkspacesRoutes);
  await app.register(userUsersRoutes);
  await app.register(userDashboardRoutes);
  await app.register(userTicketsRoutes);
  await app.register(storageRoutes);
  await app.register(userConversationsRoutes);
  await app.register(userCannedResponsesRoutes);
  await app.register(userAiTrainingQnasRoutes);
  await app.register(userUnansweredQuestionsRoutes);
  await app.register(userAiTrainingWebsitesRoutes);
  await app.register(userBotPreviewRoutes);
  await app.register(userProductsRoutes);
  await app.register(userWebhooksRoutes);
  await app.register(userWidgetInstallsRoutes);
  await app.register(userIdentityVerificationRoutes);
  await app.register(userBillingRoutes);
  await app.register(userReportsRoutes);
  await app.register(userSearchRoutes);
  await app.register(userCustomersRoutes);
  await app.register(userEmailRoutes);
  await app.register(userCopilotRoutes);
  await app.register(userSuggestedPairsRoutes);
};

/**
 * Every /api route, one file per area (conventions rule 4). Public areas first: the service, the
 * public site, signing in, the live socket (it authenticates its own messages) and the widget
 * (visitor tokens).
 */
export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes);
  await app.register(runtimeConfigRoutes);
  await app.register(marketingRoutes);
  await app.register(newsRoutes);
  await app.register(authRoutes);
  await app.register(sessionRoutes);
  await app.register(liveRoutes);
  await app.register(widgetRoutes);
  await app.register(inboundMailRoutes);
  await app.register(signedInRoutes);
};
