import { z } from 'zod';
import { isTimeZone } from '../business-hours';
import { weekdays } from './constants';

// What a chatbot does for the customer beyond its look (the second half of the Customize page):
// a greeting, where the launcher sits and what it says, a pre-chat form, and business hours with
// an away message. Every bound here is what the API enforces and the form checks.

/** The bot's first words in a new chat: shown at once, stored when the customer writes. */
export const greetingMessageSchema = z
  .string()
  .trim()
  .max(500, 'The greeting is at most 500 characters');

export const launcherPositions = ['left', 'right'] as const;
export type LauncherPosition = (typeof launcherPositions)[number];
export const launcherPositionSchema = z.enum(launcherPositions, {
  error: 'The launcher sits on the left or the right',
});

/** Short: it sits beside a 56 px button at the bottom of the page, on phones too. */
export const launcherLabelSchema = z
  .string()
  .trim()
  .max(40, 'The launcher label is at most 40 characters, like "Chat with us"');

/** Each question of the pre-chat form: not asked, asked, or asked and required. */
export const preChatFieldModes = ['off', 'optional', 'required'] as const;
export type PreChatFieldMode = (typeof preChatFieldModes)[number];
const preChatFieldMode = z.enum(preChatFieldModes, {
  error: 'Each pre-chat question is off, optional or required',
});
/** Both off: no form. Asked before the customer's first message; answers go on the customer. */
export const preChatFormSchema = z.object(
  { name: preChatFieldMode, email: preChatFieldMode },
  { error: 'The pre-chat form says, for the name and the e-mail, off, optional or required' },
);
export type PreChatForm = z.infer<typeof preChatFormSchema>;
export const preChatFormOff: PreChatForm = { name: 'off', email: 'off' };

export type Weekday = (typeof weekdays)[number];

export const timeZoneSchema = z
  .string()
  .trim()
  .min(1, 'Please choose a time zone, like Europe/Paris')
  .max(64)
  .refine(isTimeZone, 'Unknown time zone: please choose an IANA name, like Europe/Paris');

/** 24-hour "HH:MM"; "24:00" ends a day that closes at midnight. */
const timeOfDay = z
  .string()
  .regex(
    /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/,
    'Please enter a time as HH:MM on the 24-hour clock, like 09:00',
  );

/** One opening interval of a weekday, in the business's time zone. */
export const openingIntervalSchema = z
  .object({
    day: z.enum(weekdays, { error: 'A day is one of mon, tue, wed, thu, fri, sat, sun' }),
    start: timeOfDay,
    end: timeOfDay,
  })
  .refine((interval) => interval.start < interval.end, {
    path: ['end'],
    message: 'The closing time must be after the opening time',
  });
export type OpeningInterval = z.infer<typeof openingIntervalSchema>;

/**
 * When the team answers. Disabled: always open. Enabled: open inside the intervals (one per
 * weekday, like Chatwoot's; a split day is not offered), closed the rest of the week.
 */
export const businessHoursSchema = z
  .object({
    enabled: z.boolean({ error: 'Business hours are either on or off' }),
    timeZone: timeZoneSchema,
    intervals: z.array(openingIntervalSchema).max(weekdays.length),
  })
  .superRefine((hours, context) => {
    const seen = new Set<Weekday>();
    hours.intervals.forEach((interval, index) => {
      if (seen.has(interval.day)) {
        context.addIssue({
          code: 'custom',
          path: ['intervals', index, 'day'],
          message: `${interval.day} has two opening intervals: give each day one`,
        });
      }
      seen.add(interval.day);
    });
  });
export type BusinessHours = z.infer<typeof businessHoursSchema>;
export const businessHoursOff: BusinessHours = { enabled: false, timeZone: 'UTC', intervals: [] };

/** Shown in the chat window outside business hours; the bot still answers. */
export const awayMessageSchema = z
  .string()
  .trim()
  .max(500, 'The away message is at most 500 characters');

/** Everything of this half, with its defaults (a new chatbot, a column the migration added). */
export const chatbotExperienceSchema = z.object({
  greetingMessage: z.string(),
  launcherPosition: z.enum(launcherPositions),
  launcherLabel: z.string(),
  preChatForm: preChatFormSchema,
  businessHours: businessHoursSchema,
  awayMessage: z.string(),
});
export type ChatbotExperience = z.infer<typeof chatbotExperienceSchema>;
