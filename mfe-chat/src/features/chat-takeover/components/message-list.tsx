import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ConversationNote, Message, MessageAttachment } from 'shared-sdk/schemas';
import { isNote, type TimelineItem } from '../utils/timeline';
import { Button } from 'shared-ui';
import { MessageBubble, MessageForm, MessageText, RelativeTime } from 'shared-ui/controls';
import { EmailDetails } from './email-details';

const Scroller = styled.div`
  position: relative;
  max-height: min(60vh, 640px);
  min-height: 200px;
  overflow-y: auto;
  padding: 4px;
  overscroll-behavior: contain;
`;

const List = styled.ol`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Under the message's text, in its bubble: part of the message, not another item. */
const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: 4px;
`;

const Marker = styled.li`
  display: flex;
  align-items: center;
  gap: 12px;
  font-size: 0.8125rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.red};
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${({ theme }) => theme.colors.red};
  }
`;

const Files = styled.ul`
  display: grid;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;
  img {
    display: block;
    max-width: 100%;
    max-height: 240px;
    border-radius: ${({ theme }) => theme.radii.md};
  }
`;

/** Stays at the bottom of the scrolled box while the reader is up among older messages. */
const Jump = styled(Button)`
  position: sticky;
  bottom: 8px;
  display: flex;
  margin: 8px 0 0 auto;
`;

/** Whether a scrolled box shows its end (within a few pixels). */
const isAtEnd = (box: HTMLElement) => box.scrollHeight - box.scrollTop - box.clientHeight < 48;

/**
 * The conversation's messages in timestamp order. It keeps the newest in view as messages arrive,
 * unless the reader scrolled up to read older ones (then a button brings them back down). A
 * marker shows where the messages the reader had not seen when they opened the page begin.
 */
export function MessageList({
  label,
  items,
  firstUnseenId,
  senderOf,
  authorOf,
  actionsOf,
  foundId,
}: {
  label: string;
  /** The messages and the team's private notes, in time order. */
  items: TimelineItem[];
  /** The first message the reader had not seen when the page opened. */
  firstUnseenId: string | undefined;
  /** Who sent it: the customer's name, "Bot", "You" or the agent's name. */
  senderOf: (message: Message) => string;
  /** Who wrote a note: "You" or the member's name. */
  authorOf: (note: ConversationNote) => string;
  /** What the reader can do with a message (an agent's reply: "Save as Q&A"). */
  actionsOf?: (message: Message) => ReactNode;
  /** A message or note a search result opened: shown in the middle of the box and marked. */
  foundId?: string;
}) {
  const { t } = useTranslation('conversation');
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [followsNewest, setFollowsNewest] = useState(true);
  const newestId = items.at(-1)?.id;

  // A found message holds the box where it is until the reader scrolls down to the newest.
  const [leftFound, setLeftFound] = useState(false);
  const holdsFound = items.some((item) => item.id === foundId) && !leftFound;
  useLayoutEffect(() => {
    const box = scrollerRef.current;
    if (box && followsNewest && !holdsFound) box.scrollTop = box.scrollHeight;
  }, [newestId, followsNewest, holdsFound]);
  useLayoutEffect(() => {
    if (holdsFound && foundId) {
      document.getElementById(foundElementId(foundId))?.scrollIntoView({ block: 'center' });
    }
  }, [holdsFound, foundId]);

  return (
    <Scroller
      ref={scrollerRef}
      // Focusable, so that keyboard users can scroll the messages.
      tabIndex={0}
      role="region"
      aria-label={label}
      onScroll={(event) => {
        const atEnd = isAtEnd(event.currentTarget);
        setFollowsNewest(atEnd);
        if (atEnd && holdsFound) setLeftFound(true);
      }}
    >
      <List aria-live="polite" aria-relevant="additions">
        {items.map((item) =>
          isNote(item) ? (
            <NoteItem
              key={`note:${item.id}`}
              note={item}
              author={authorOf(item)}
              isFound={item.id === foundId}
            />
          ) : (
            <MessageItem
              key={item.id}
              message={item}
              sender={senderOf(item)}
              isFirstUnseen={item.id === firstUnseenId}
              isFound={item.id === foundId}
              actions={actionsOf?.(item)}
            />
          ),
        )}
      </List>
      {followsNewest ? null : (
        <Jump type="button" $variant="secondary" onClick={() => setFollowsNewest(true)}>
          {t('messages.jumpToNewest')}
        </Jump>
      )}
    </Scroller>
  );
}

/** The element of a found message or note, for the search result's link to scroll to. */
const foundElementId = (id: string) => `found-${id}`;

/** The found item carries the id its search result's link scrolls to. */
const foundProps = (isFound: boolean, id: string, label: string) =>
  isFound ? { id: foundElementId(id), found: { label } } : {};

function MessageItem({
  message,
  sender,
  isFirstUnseen,
  isFound,
  actions,
}: {
  message: Message;
  sender: string;
  isFirstUnseen: boolean;
  isFound: boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('conversation');
  return (
    <>
      {isFirstUnseen ? <Marker role="separator">{t('messages.newMarker')}</Marker> : null}
      <MessageBubble
        kind={message.role}
        sender={sender}
        time={<RelativeTime timestamp={message.timestamp} />}
        {...foundProps(isFound, message.id, t('messages.found'))}
      >
        {message.content && !message.email?.html ? (
          <MessageText>{message.content}</MessageText>
        ) : null}
        {message.email ? <EmailDetails messageId={message.id} email={message.email} /> : null}
        <MessageForm form={message.form} label={t('messages.form')} />
        {message.attachments.length > 0 ? <Attachments files={message.attachments} /> : null}
        {actions ? <Actions>{actions}</Actions> : null}
      </MessageBubble>
    </>
  );
}

/**
 * A private note: in the agents' column, but told apart by colour, border and its label (not
 * by colour alone), and read out as a note.
 */
function NoteItem({
  note,
  author,
  isFound,
}: {
  note: ConversationNote;
  author: string;
  isFound: boolean;
}) {
  const { t } = useTranslation('conversation');
  return (
    <MessageBubble
      kind="note"
      sender={t('notes.label', { name: author })}
      time={<RelativeTime timestamp={note.timestamp} />}
      {...foundProps(isFound, note.id, t('messages.found'))}
    >
      <MessageText>{note.content}</MessageText>
    </MessageBubble>
  );
}

/** Images are shown in the message; other files are links that download them. */
function Attachments({ files }: { files: MessageAttachment[] }) {
  const { t } = useTranslation('conversation');
  return (
    <Files aria-label={t('messages.attachments')}>
      {files.map((file) => (
        <li key={file.path}>
          {file.contentType.startsWith('image/') ? (
            <a href={file.url} target="_blank" rel="noreferrer">
              <img src={file.url} alt={file.originalName} loading="lazy" />
            </a>
          ) : (
            <a href={file.url} download={file.originalName}>
              <span aria-hidden="true">📎 </span>
              {file.originalName} ({formatSize(file.size)})
            </a>
          )}
        </li>
      ))}
    </Files>
  );
}

const sizeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "820 B", "1.4 MB". */
export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${sizeFormat.format(value)} ${units[unit]}`;
}
