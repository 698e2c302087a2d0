import { endpoint } from '../endpoint';

// The service itself and the public site's calls.
export const siteEndpoints = {
  health: endpoint({ method: 'GET', path: '/api/health', response: 'healthSchema' }),
  runtimeConfig: endpoint({
    method: 'GET',
    path: '/api/runtime-config',
    response: 'runtimeConfigSchema',
  }),
  contact: endpoint({
    method: 'POST',
    path: '/api/marketing/contact',
    body: 'contactRequestSchema',
    response: 'submissionReceiptSchema',
    status: 201,
  }),
  demoRequest: endpoint({
    method: 'POST',
    path: '/api/marketing/demo-requests',
    body: 'demoRequestSchema',
    response: 'submissionReceiptSchema',
    status: 201,
  }),
  newsList: endpoint({ method: 'GET', path: '/api/news', response: 'newsListSchema' }),
  newsArticle: endpoint({
    method: 'GET',
    path: '/api/news/:slug',
    params: 'newsSlugParamsSchema',
    response: 'newsArticleSchema',
  }),
};
