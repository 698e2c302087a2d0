import { z } from 'zod';
import { maxWebsiteLinks } from './constants';

const id = z.string().min(1).max(64);
const timestamp = z.string();

/** A page's state: waiting to be read, read into the bot's index, refused by robots.txt, or failed. */
export const webpageStates = ['pending', 'indexed', 'skipped', 'failed'] as const;
export type WebpageState = (typeof webpageStates)[number];

/** One chosen link of a website, as the websites screen shows it. */
export const aiTrainingWebpageSchema = z.object({
  url: z.string(),
  title: z.string(),
  state: z.enum(webpageStates),
  /** Why a page was skipped or failed. */
  reason: z.string().nullable(),
  /** When the page was last read. */
  readAt: timestamp.nullable(),
  /** When its text last changed (a re-sync of an unchanged page leaves it). */
  changedAt: timestamp.nullable(),
});
export type AiTrainingWebpage = z.infer<typeof aiTrainingWebpageSchema>;

/** product-spec.md §3 ai_training_website, with the state of each of its links. */
export const aiTrainingWebsiteSchema = z.object({
  id,
  workspaceId: id,
  baseUrl: z.string(),
  links: z.array(z.string()),
  pages: z.array(aiTrainingWebpageSchema),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type AiTrainingWebsite = z.infer<typeof aiTrainingWebsiteSchema>;

const badAddress = 'Enter a web address starting with http:// or https://';
/** An address Parley may fetch: http or https, nothing else (the server checks where it leads). */
export const webAddressSchema = z
  .string()
  .trim()
  .min(1, 'Please enter the address')
  .max(2048, 'The address is too long')
  .refine((value) => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value), badAddress);

const links = z
  .array(webAddressSchema)
  .min(1, 'Choose at least one page')
  .max(maxWebsiteLinks, `At most ${maxWebsiteLinks} pages per website`);

// product-spec.md §7 ai-training-websites calls. Every link must be on the website's own site.
export const createAiTrainingWebsiteRequestSchema = z.object({
  workspaceId: id,
  baseUrl: webAddressSchema,
  links,
});
export type CreateAiTrainingWebsiteRequest = z.input<typeof createAiTrainingWebsiteRequestSchema>;
export const updateAiTrainingWebsiteRequestSchema = z.object({
  workspaceId: id,
  websiteId: id,
  links,
});
export type UpdateAiTrainingWebsiteRequest = z.input<typeof updateAiTrainingWebsiteRequestSchema>;
export const deleteAiTrainingWebsiteRequestSchema = z.object({ workspaceId: id, websiteId: id });
/** Re-sync: every link read again; pages whose text is unchanged keep their place in the index. */
export const resyncAiTrainingWebsiteRequestSchema = deleteAiTrainingWebsiteRequestSchema;

export const jobStatuses = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof jobStatuses)[number];

export const discoveredLinkSchema = z.object({ url: z.string(), title: z.string() });
export type DiscoveredLink = z.infer<typeof discoveredLinkSchema>;

/** getLinks: website discovery, a background job. */
export const getLinksRequestSchema = z.object({ workspaceId: id, baseUrl: webAddressSchema });
export type GetLinksRequest = z.input<typeof getLinksRequestSchema>;
export const getLinksStartedSchema = z.object({ jobId: id });
export const getLinksJobParamsSchema = z.object({ jobId: id });
export const getLinksJobSchema = z.object({
  id,
  status: z.enum(jobStatuses),
  baseUrl: z.string(),
  pagesFound: z.number().int(),
  pagesFetched: z.number().int(),
  links: z.array(discoveredLinkSchema),
  /** Why it failed; or, when done, why it stopped before reading the whole site. */
  error: z.string().nullable(),
  createdAt: timestamp,
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
});
export type GetLinksJob = z.infer<typeof getLinksJobSchema>;

/** "Try the bot": what it would answer, without a conversation. */
export const botPreviewRequestSchema = z.object({
  workspaceId: id,
  question: z.string().trim().min(1, 'Please type a question').max(2000),
});
export type BotPreviewRequest = z.input<typeof botPreviewRequestSchema>;
export const botPreviewSchema = z.object({
  kind: z.enum(['answer', 'handoff', 'suggestions']),
  content: z.string(),
  /** With kind 'suggestions': the questions the customer would be offered ("Did you mean…"). */
  suggestions: z.array(z.string()).optional(),
  /** How much of the question the best match covers, 0 to 1; null when nothing matched. */
  confidence: z.number().nullable(),
  /** Why it hands over: asked for a person, or not sure enough. */
  handoffReason: z.enum(['asked-for-person', 'not-confident']).nullable(),
  /** What the answer (or, when handing over, the closest match) came from. */
  source: z
    .object({
      kind: z.enum(['qna', 'product', 'webpage']),
      id: z.string(),
      label: z.string(),
      url: z.string().nullable(),
    })
    .nullable(),
});
export type BotPreview = z.infer<typeof botPreviewSchema>;
