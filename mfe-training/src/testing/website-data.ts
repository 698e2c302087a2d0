import type { z } from 'zod';
import {
  aiTrainingWebpageSchema,
  aiTrainingWebsiteSchema,
  botPreviewSchema,
  getLinksJobSchema,
  type AiTrainingWebpage,
  type AiTrainingWebsite,
  type BotPreview,
  type DiscoveredLink,
  type GetLinksJob,
  type LiveDoc,
} from 'shared-sdk/schemas';

// Builders of the websites area's entities, checked against the API's schemas as those of
// jest/data-generators.ts are (their home once the websites API is in). The world: Fernhill
// Bikes' site, https://fernhill.example.

function valid<S extends z.ZodType>(schema: S, value: z.infer<S>): z.infer<S> {
  schema.parse(value);
  return value;
}

export const fernhillSite = 'https://fernhill.example';

export function buildWebpage(overrides: Partial<AiTrainingWebpage> = {}): AiTrainingWebpage {
  return valid(aiTrainingWebpageSchema, {
    url: `${fernhillSite}/opening-hours`,
    title: 'Opening hours',
    state: 'indexed',
    reason: null,
    readAt: '2025-03-04T09:30:00.000Z',
    changedAt: '2025-03-01T09:30:00.000Z',
    ...overrides,
  });
}

/** A website; its links are its pages' addresses unless given. */
export function buildWebsite(
  overrides: Partial<AiTrainingWebsite> = {},
): AiTrainingWebsite & LiveDoc {
  const pages = overrides.pages ?? [
    buildWebpage(),
    buildWebpage({ url: `${fernhillSite}/repairs`, title: 'Repairs' }),
  ];
  return valid(aiTrainingWebsiteSchema, {
    id: 'website_fernhill',
    workspaceId: 'ws_fernhill',
    baseUrl: fernhillSite,
    links: pages.map((page) => page.url),
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-04T09:30:00.000Z',
    ...overrides,
    pages,
  });
}

/** A discovery job as the live collection `jobs` holds it. */
export type GetLinksJobDoc = GetLinksJob & LiveDoc & { kind: 'get-links'; workspaceId: string };

export function buildGetLinksJob(overrides: Partial<GetLinksJob> = {}): GetLinksJobDoc {
  const job = valid(getLinksJobSchema, {
    id: 'job_1',
    status: 'queued',
    baseUrl: fernhillSite,
    pagesFound: 0,
    pagesFetched: 0,
    links: [],
    error: null,
    createdAt: new Date().toISOString(),
    startedAt: null,
    finishedAt: null,
    ...overrides,
  });
  return { ...job, kind: 'get-links', workspaceId: 'ws_fernhill' };
}

/** `count` links of the site: "Page 1" at /page-1, and so on. */
export const buildDiscoveredLinks = (count: number, from = 1): DiscoveredLink[] =>
  Array.from({ length: count }, (_, index) => ({
    url: `${fernhillSite}/page-${from + index}`,
    title: `Page ${from + index}`,
  }));

export function buildBotPreview(overrides: Partial<BotPreview> = {}): BotPreview {
  return valid(botPreviewSchema, {
    kind: 'answer',
    content: 'Monday to Saturday, 9 am to 6 pm.',
    confidence: 0.92,
    handoffReason: null,
    source: { kind: 'qna', id: 'qna_hours', label: 'When is the shop open?', url: null },
    ...overrides,
  });
}
