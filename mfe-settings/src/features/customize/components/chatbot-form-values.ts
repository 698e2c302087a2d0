import type { BusinessHours, Chatbot, PreChatForm, Weekday, WidgetChatbot } from 'shared-sdk';
import { weekdays } from 'shared-sdk';
import {
  businessHoursSchema,
  greetingMessageSchema,
  launcherLabelSchema,
} from 'shared-sdk/schemas';

// The Customize form edits the chatbot as flat text fields (what inputs hold); the request
// nests the pre-chat form and the business hours. These turn one into the other, and a schema
// issue of the nested request back into the field that shows it.

export type DayField = `${Weekday}Open` | `${Weekday}Start` | `${Weekday}End`;
export type ChatbotFormField =
  | 'name'
  | 'description'
  | 'messageBackgroundColor'
  | 'idleTimeoutInMinutes'
  | 'photoUrl'
  | 'greetingMessage'
  | 'launcherPosition'
  | 'launcherLabel'
  | 'preChatName'
  | 'preChatEmail'
  | 'hoursEnabled'
  | 'timeZone'
  | 'awayMessage'
  | DayField;
export type ChatbotFormValues = Record<ChatbotFormField, string>;

/** Checkboxes hold 'on' or ''. */
export const checked = (value: string) => value === 'on';

/** A day with no opening interval yet offers the usual office hours when ticked. */
const usualHours = { start: '09:00', end: '17:00' };

export function formValuesOf(chatbot: Chatbot): ChatbotFormValues {
  const days = {} as Record<DayField, string>;
  for (const day of weekdays) {
    const interval = chatbot.businessHours.intervals.find((candidate) => candidate.day === day);
    days[`${day}Open`] = interval ? 'on' : '';
    days[`${day}Start`] = interval?.start ?? usualHours.start;
    days[`${day}End`] = interval?.end ?? usualHours.end;
  }
  return {
    name: chatbot.name,
    description: chatbot.description,
    messageBackgroundColor: chatbot.messageBackgroundColor,
    idleTimeoutInMinutes: String(chatbot.idleTimeoutInMinutes),
    photoUrl: chatbot.photoUrl ?? '',
    greetingMessage: chatbot.greetingMessage,
    launcherPosition: chatbot.launcherPosition,
    launcherLabel: chatbot.launcherLabel,
    preChatName: chatbot.preChatForm.name,
    preChatEmail: chatbot.preChatForm.email,
    hoursEnabled: chatbot.businessHours.enabled ? 'on' : '',
    timeZone: chatbot.businessHours.timeZone,
    awayMessage: chatbot.awayMessage,
    ...days,
  };
}

/** The days ticked open, in week order: the request's intervals, index for index. */
const openDays = (values: ChatbotFormValues) =>
  weekdays.filter((day) => checked(values[`${day}Open`]));

export function businessHoursOf(values: ChatbotFormValues): BusinessHours {
  return {
    enabled: checked(values.hoursEnabled),
    timeZone: values.timeZone,
    intervals: openDays(values).map((day) => ({
      day,
      start: values[`${day}Start`],
      end: values[`${day}End`],
    })),
  };
}

export const preChatFormOf = (values: ChatbotFormValues) =>
  ({ name: values.preChatName, email: values.preChatEmail }) as PreChatForm;

/** PATCH /api/user/chatbots as the schema reads it (it says what is wrong with each part). */
export function requestOf(values: ChatbotFormValues, workspaceId: string, chatbotId: string) {
  const { idleTimeoutInMinutes, photoUrl } = values;
  return {
    workspaceId,
    chatbotId,
    name: values.name,
    description: values.description,
    messageBackgroundColor: values.messageBackgroundColor,
    // Left empty, it is no number: the schema's message explains the range.
    idleTimeoutInMinutes: idleTimeoutInMinutes.trim() === '' ? NaN : Number(idleTimeoutInMinutes),
    photoUrl: photoUrl || null,
    greetingMessage: values.greetingMessage,
    launcherPosition: values.launcherPosition,
    launcherLabel: values.launcherLabel,
    preChatForm: preChatFormOf(values),
    businessHours: businessHoursOf(values),
    awayMessage: values.awayMessage,
  };
}

/** The field that shows an issue of the request's schema. */
export function fieldOfIssue(
  path: readonly PropertyKey[],
  values: ChatbotFormValues,
): ChatbotFormField | undefined {
  const [first, second, index, part] = path;
  if (first === 'preChatForm') return second === 'email' ? 'preChatEmail' : 'preChatName';
  if (first !== 'businessHours') return first as ChatbotFormField;
  if (second === 'timeZone') return 'timeZone';
  if (second === 'enabled') return 'hoursEnabled';
  const day = typeof index === 'number' ? openDays(values)[index] : undefined;
  if (!day) return 'hoursEnabled';
  return part === 'start' ? `${day}Start` : `${day}End`;
}

const wholeColor = /^#[0-9a-f]{6}$/i;

/**
 * What the preview shows while the admin types: each setting as typed once it is whole and
 * valid, else as `shown` before (a half-typed colour or a closing time before the opening keeps
 * the last that worked).
 */
export function previewChatbotOf(
  values: ChatbotFormValues,
  shown: WidgetChatbot,
  headerColor: string,
): WidgetChatbot {
  const hours = businessHoursSchema.safeParse(businessHoursOf(values));
  const greeting = greetingMessageSchema.safeParse(values.greetingMessage);
  const label = launcherLabelSchema.safeParse(values.launcherLabel);
  return {
    id: shown.id,
    name: values.name.trim() || shown.name,
    messageBackgroundColor: wholeColor.test(values.messageBackgroundColor)
      ? values.messageBackgroundColor
      : shown.messageBackgroundColor,
    photoUrl: values.photoUrl || null,
    headerColor,
    greetingMessage: greeting.success ? greeting.data : shown.greetingMessage,
    launcherPosition: values.launcherPosition === 'left' ? 'left' : 'right',
    launcherLabel: label.success ? label.data : shown.launcherLabel,
    preChatForm: preChatFormOf(values),
    businessHours: hours.success ? hours.data : shown.businessHours,
    awayMessage: values.awayMessage.trim() || '',
  };
}
