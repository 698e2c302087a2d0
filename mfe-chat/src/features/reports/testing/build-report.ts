import type { ConversationFigures, Report, ReportConversation } from 'shared-sdk/schemas';

const figures = (overrides: Partial<ConversationFigures> = {}): ConversationFigures => ({
  new: 12,
  resolved: 9,
  resolvedByBot: 4,
  handedOver: 5,
  didYouMeanAnswered: 2,
  firstResponse: { count: 5, medianSeconds: 150, p90Seconds: 600 },
  resolution: { count: 9, medianSeconds: 5400, p90Seconds: 90_000 },
  ratingsCount: 4,
  averageRating: 4.25,
  ratingDistribution: [0, 0, 1, 1, 2],
  ratedShare: 0.44,
  ticketsOpened: 3,
  ticketsClosed: 2,
  ...overrides,
});

/** A report of two days in Paris, as GET /api/user/reports answers it. */
export function buildReport(overrides: Partial<Report> = {}): Report {
  return {
    timeZone: 'Europe/Paris',
    from: '2026-03-29',
    to: '2026-03-30',
    previousFrom: '2026-03-27',
    previousTo: '2026-03-28',
    current: figures(),
    previous: figures({ new: 8, averageRating: 3.5 }),
    days: [
      {
        day: '2026-03-29',
        new: 7,
        resolved: 5,
        resolvedByBot: 2,
        firstResponseMedianSeconds: 120,
        resolutionMedianSeconds: 3600,
        ticketsOpened: 2,
        ticketsClosed: 1,
        ticketsBacklog: 6,
      },
      {
        day: '2026-03-30',
        new: 5,
        resolved: 4,
        resolvedByBot: 2,
        firstResponseMedianSeconds: null,
        resolutionMedianSeconds: 7200,
        ticketsOpened: 1,
        ticketsClosed: 1,
        ticketsBacklog: 6,
      },
    ],
    channels: [
      { channel: 'widget', new: 12, previousNew: 8 },
      { channel: 'email', new: 3, previousNew: 0 },
    ],
    agents: [
      {
        userId: 'usr_ada',
        name: 'Ada Lovelace',
        taken: 4,
        replies: 17,
        firstResponseMedianSeconds: 90,
        resolutionMedianSeconds: 1800,
        averageRating: 4.5,
      },
    ],
    heatMap: Array.from({ length: 7 }, (_, weekday) =>
      Array.from({ length: 24 }, (_, hour) => (weekday === 6 && hour === 9 ? 3 : 0)),
    ),
    latestComments: [
      {
        conversationId: 'cnv_maya',
        rating: 5,
        comment: 'Quick and kind',
        ratedAt: '2026-03-30T08:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

export function buildReportConversation(
  overrides: Partial<ReportConversation> = {},
): ReportConversation {
  return {
    id: 'cnv_maya',
    createdAt: '2026-03-29T07:30:00.000Z',
    channel: 'widget',
    customer: 'Maya Patel',
    assignee: 'Ada Lovelace',
    firstResponseSeconds: 90,
    resolutionSeconds: 1800,
    rating: 5,
    resolvedByBot: false,
    ...overrides,
  };
}
