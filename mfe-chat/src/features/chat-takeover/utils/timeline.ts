import type { ConversationNote, Message } from 'shared-sdk/schemas';

/** What the agent's conversation shows, in time order: the messages and the team's notes. */
export type TimelineItem = Message | ConversationNote;

export const isNote = (item: TimelineItem): item is ConversationNote =>
  'kind' in item && item.kind === 'note';

/**
 * Messages and notes merged by timestamp (both lists come in timestamp order); on a tie the
 * message comes first, as a note is written about what was said.
 */
export function mergeTimeline(messages: Message[], notes: ConversationNote[]): TimelineItem[] {
  const merged: TimelineItem[] = [];
  let n = 0;
  for (const message of messages) {
    while (n < notes.length && notes[n]!.timestamp < message.timestamp) merged.push(notes[n++]!);
    merged.push(message);
  }
  return merged.concat(notes.slice(n));
}
