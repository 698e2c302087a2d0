import { z } from 'zod';
import { billingPeriods, isSelfServePlan, planIds } from '../plans';

const id = z.string().min(1).max(64);
const timestamp = z.string();
/** How many; null where the plan sets no limit. */
const limit = z.number().int().nullable();

export const planIdSchema = z.enum(planIds, {
  error: `Unknown plan; the plans are ${planIds.join(', ')}`,
});
export const billingPeriodSchema = z.enum(billingPeriods, {
  error: `The billing period is ${billingPeriods.join(' or ')}`,
});

/** One change of a workspace's plan or billing period, as its billing history lists it. */
export const billingChangeSchema = z.object({
  id,
  fromPlan: planIdSchema,
  fromPeriod: billingPeriodSchema,
  toPlan: planIdSchema,
  toPeriod: billingPeriodSchema,
  changedAt: timestamp,
  /** The admin who changed it; null once their account is deleted. */
  changedBy: z
    .object({ userId: id, firstName: z.string(), lastName: z.string(), email: z.string() })
    .nullable(),
  /** The billing provider that carried the change out, and its reference for it. */
  provider: z.string(),
  providerReference: z.string(),
});
export type BillingChange = z.infer<typeof billingChangeSchema>;

/** The usage a plan's limits are measured against. */
export const billingUsageSchema = z.object({
  /** The calendar month (UTC) the conversations are counted in, "2025-03". */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** Conversations the widget opened this month. */
  conversations: z.number().int(),
  /** Of those, the ones resolved with no agent taking part and no handoff asked for. */
  botResolvedConversations: z.number().int(),
  qnaPairs: z.number().int(),
  products: z.number().int(),
  /** Web pages chosen for the bot to learn from. */
  webPages: z.number().int(),
});
export type BillingUsage = z.infer<typeof billingUsageSchema>;

/** GET /api/user/billing and what a plan change answers: the workspace's billing as it is now. */
export const billingSchema = z.object({
  workspaceId: id,
  plan: planIdSchema,
  period: billingPeriodSchema,
  /** When the workspace moved to this plan and period (its creation, if it never changed). */
  since: timestamp,
  /** Active members, and how many the plan includes. */
  seats: z.object({ used: z.number().int(), included: limit }),
  usage: billingUsageSchema,
  limits: z.object({ conversations: limit, qnaPairs: limit, products: limit, webPages: limit }),
  /** Newest first. */
  history: z.array(billingChangeSchema),
});
export type Billing = z.infer<typeof billingSchema>;

/**
 * POST /api/user/billing-plan. Plans that are not self-serve (Enterprise) are arranged with sales.
 * The plan and period the workspace is on already change nothing (no history row).
 */
export const changePlanRequestSchema = z.object({
  workspaceId: id,
  plan: planIdSchema.refine(isSelfServePlan, {
    error: 'This plan is arranged with our sales team: contact sales to move to it',
  }),
  period: billingPeriodSchema,
});
export type ChangePlanRequest = z.input<typeof changePlanRequestSchema>;
