import { z } from 'zod';
import { conversationChannels } from './conversations';

const id = z.string().min(1).max(64);
const timestamp = z.string();
const conversationChannelSchema = z.enum(conversationChannels);

/** The longest range a report reads: about a year, with room for a leap year's comparison. */
export const maxReportDays = 400;

/** A local calendar day of the workspace's time zone, YYYY-MM-DD. */
const localDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a day as YYYY-MM-DD')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'Not a calendar day');

/** Whole days from `from` to `to`, both counted. */
export function reportDayCount(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

const reportRangeShape = {
  workspaceId: id,
  from: localDay.optional(),
  to: localDay.optional(),
  /** Instead of from and to: the last `days` days, today included, in the workspace's zone. */
  days: z.coerce.number().int().min(1).max(maxReportDays).optional(),
};

function checkRange(
  range: { from?: string; to?: string; days?: number },
  context: z.RefinementCtx,
) {
  if (range.days !== undefined) {
    if (range.from !== undefined || range.to !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['days'],
        message: 'Give either days or from and to',
      });
    }
    return;
  }
  if (range.from === undefined || range.to === undefined) {
    context.addIssue({
      code: 'custom',
      path: [range.from === undefined ? 'from' : 'to'],
      message: 'Give from and to (YYYY-MM-DD), or days',
    });
    return;
  }
  const days = reportDayCount(range.from, range.to);
  if (days < 1) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'The range ends before it starts' });
  } else if (days > maxReportDays) {
    context.addIssue({
      code: 'custom',
      path: ['to'],
      message: `The range is longer than ${maxReportDays} days`,
    });
  }
}

/** A report's days, `from` to `to` in the workspace's time zone (both included), or the last `days`. */
export const reportQuerySchema = z.object(reportRangeShape).superRefine(checkRange);
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** What a drill-down lists: the conversations of a day, a heat-map cell or an agent. */
export const reportConversationsQuerySchema = z
  .object({
    ...reportRangeShape,
    /** Conversations created on this local day. */
    day: localDay.optional(),
    /** ISO weekday, 1 = Monday … 7 = Sunday, with `hour`: a heat-map cell. */
    weekday: z.coerce.number().int().min(1).max(7).optional(),
    hour: z.coerce.number().int().min(0).max(23).optional(),
    /** Conversations this agent took. */
    agentId: id.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .superRefine(checkRange);
export type ReportConversationsQuery = z.infer<typeof reportConversationsQuerySchema>;

const seconds = z.number().nullable();

export const durationFiguresSchema = z.object({
  /** Conversations measured. */
  count: z.number().int(),
  medianSeconds: seconds,
  p90Seconds: seconds,
});

export const conversationFiguresSchema = z.object({
  /** Created in the period. */
  new: z.number().int(),
  /** Resolved in the period (the latest resolution counts). */
  resolved: z.number().int(),
  /** Of those resolved, no agent wrote a message. */
  resolvedByBot: z.number().int(),
  /** Created in the period and handed over to a person (asked for, or the bot not sure). */
  handedOver: z.number().int(),
  /** Created in the period, and the customer took one of a "Did you mean" choice's pairs. */
  didYouMeanAnswered: z.number().int(),
  firstResponse: durationFiguresSchema,
  resolution: durationFiguresSchema,
  ratingsCount: z.number().int(),
  averageRating: z.number().nullable(),
  /** Ratings 1 to 5, by value (index 0 is 1 star). */
  ratingDistribution: z.array(z.number().int()).length(5),
  /** Share of the conversations resolved in the period that were rated (0 to 1). */
  ratedShare: z.number().nullable(),
  ticketsOpened: z.number().int(),
  ticketsClosed: z.number().int(),
});
export type ConversationFigures = z.infer<typeof conversationFiguresSchema>;

export const reportDaySchema = z.object({
  day: z.string(),
  new: z.number().int(),
  resolved: z.number().int(),
  resolvedByBot: z.number().int(),
  firstResponseMedianSeconds: seconds,
  resolutionMedianSeconds: seconds,
  ticketsOpened: z.number().int(),
  ticketsClosed: z.number().int(),
  /** Tickets open at the end of the day. */
  ticketsBacklog: z.number().int(),
});
export type ReportDay = z.infer<typeof reportDaySchema>;

export const reportChannelSchema = z.object({
  /** Where the conversations came in: the widget's chat or e-mail. */
  channel: conversationChannelSchema,
  new: z.number().int(),
  previousNew: z.number().int(),
});

export const reportAgentSchema = z.object({
  userId: id,
  name: z.string(),
  taken: z.number().int(),
  replies: z.number().int(),
  firstResponseMedianSeconds: seconds,
  resolutionMedianSeconds: seconds,
  averageRating: z.number().nullable(),
});
export type ReportAgent = z.infer<typeof reportAgentSchema>;

export const reportCommentSchema = z.object({
  conversationId: id,
  rating: z.number().int(),
  comment: z.string(),
  ratedAt: timestamp,
});

export const reportSchema = z.object({
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  current: conversationFiguresSchema,
  previous: conversationFiguresSchema,
  days: z.array(reportDaySchema),
  channels: z.array(reportChannelSchema),
  agents: z.array(reportAgentSchema),
  /** New conversations by ISO weekday (index 0 = Monday) and local hour. */
  heatMap: z.array(z.array(z.number().int()).length(24)).length(7),
  latestComments: z.array(reportCommentSchema),
});
export type Report = z.infer<typeof reportSchema>;

/** One conversation of a drill-down, and one row of the per-conversation CSV. */
export const reportConversationSchema = z.object({
  id,
  createdAt: timestamp,
  channel: conversationChannelSchema,
  customer: z.string(),
  assignee: z.string().nullable(),
  firstResponseSeconds: seconds,
  resolutionSeconds: seconds,
  rating: z.number().int().nullable(),
  resolvedByBot: z.boolean(),
});
export type ReportConversation = z.infer<typeof reportConversationSchema>;

export const reportConversationsSchema = z.object({
  conversations: z.array(reportConversationSchema),
  /** More conversations match than `limit`. */
  truncated: z.boolean(),
});
