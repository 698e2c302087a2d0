import { z } from 'zod';
import { companySizes } from './constants';

const trimmed = (max: number) => z.string().trim().max(max);

export const contactRequestSchema = z.object({
  name: trimmed(120).min(1, 'Please tell us your name'),
  email: z.email('Please enter a valid e-mail address').max(254),
  company: trimmed(160).optional(),
  topic: z.enum(['sales', 'support', 'partnerships', 'press', 'other']),
  message: trimmed(5000).min(10, 'Please write at least 10 characters'),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const demoRequestSchema = z.object({
  firstName: trimmed(80).min(1, 'Please tell us your first name'),
  lastName: trimmed(80).min(1, 'Please tell us your last name'),
  email: z.email('Please enter a valid work e-mail address').max(254),
  company: trimmed(160).min(1, 'Please tell us your company'),
  companySize: z.enum(companySizes),
  phone: trimmed(40)
    .regex(/^[+()\d\s.-]*$/, 'Phone numbers may contain digits, spaces and + ( ) . -')
    .optional(),
  message: trimmed(2000).optional(),
});
export type DemoRequest = z.infer<typeof demoRequestSchema>;

export const submissionReceiptSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
});
export type SubmissionReceipt = z.infer<typeof submissionReceiptSchema>;

export const newsArticleSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  publishedAt: z.string(),
  author: z.string(),
});
export type NewsArticleSummary = z.infer<typeof newsArticleSummarySchema>;

export const newsArticleSchema = newsArticleSummarySchema.extend({
  html: z.string(),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

export const newsListSchema = z.object({ articles: z.array(newsArticleSummarySchema) });
export type NewsList = z.infer<typeof newsListSchema>;

/** A news article's slug, as in /news/{slug} (product-spec.md §2). */
export const newsSlugPattern = /^[a-z0-9-]+$/;
export const newsSlugParamsSchema = z.object({
  slug: z
    .string()
    .max(120)
    .regex(newsSlugPattern, 'A news slug contains only lower-case letters, digits and hyphens'),
});
