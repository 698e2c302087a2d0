import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import type { Message } from 'shared-sdk/schemas';
import { FieldList } from './field-list';

// One message of a conversation as every dashboard area shows it: the customer's on the left,
// the bot's and the agents' on the right, each told apart by colour and border, and the team's
// private notes beside the agents' with a dashed yellow border. The widget draws its own (it is
// not React), from the same roles.

/** Whose bubble it is: a message's role, or a private note of the team. */
export type BubbleKind = Message['role'] | 'note';

const kindStyle = {
  user: css`
    background: ${({ theme }) => theme.colors.background};
    border: 1px solid ${({ theme }) => theme.colors.stroke};
  `,
  bot: css`
    background: ${({ theme }) => theme.colors.lightGrey200};
    border: 1px dashed ${({ theme }) => theme.colors.stroke};
  `,
  agent: css`
    color: ${({ theme }) => theme.colors.onPrimary};
    background: ${({ theme }) => theme.colors.primaryBlue};
    border: 1px solid ${({ theme }) => theme.colors.primaryBlue};
    a {
      color: inherit;
    }
  `,
  note: css`
    background: ${({ theme }) => theme.colors.surface};
    border: 2px dashed ${({ theme }) => theme.colors.yellow};
  `,
} satisfies Record<BubbleKind, unknown>;

const Item = styled.li<{ $kind: BubbleKind }>`
  &[data-found] {
    outline: 3px solid ${({ theme }) => theme.colors.primaryBlue};
    outline-offset: 2px;
  }
  display: grid;
  gap: 4px;
  max-width: min(85%, 560px);
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radii.lg};
  overflow-wrap: anywhere;
  justify-self: ${({ $kind }) => ($kind === 'user' ? 'start' : 'end')};
  /* A message's corner points at its side; a note is no message and keeps its four. */
  ${({ $kind }) =>
    $kind === 'user'
      ? css`
          border-bottom-left-radius: 4px;
        `
      : $kind === 'note'
        ? null
        : css`
            border-bottom-right-radius: 4px;
          `}
  ${({ $kind }) => kindStyle[$kind]}
`;

const Sender = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 4px 8px;
  font-size: 0.8125rem;
  strong {
    font-weight: 700;
  }
  time {
    opacity: 0.8;
  }
`;

/** A found item is outlined and labelled in words, not by colour alone. */
const FoundLabel = styled.span`
  justify-self: start;
  padding: 0 6px;
  font-size: 0.75rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.onPrimary};
  background: ${({ theme }) => theme.colors.primaryBlue};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

/** A message's text as it was typed: its line breaks kept. */
export const MessageText = styled.p`
  margin: 0;
  white-space: pre-wrap;
`;

/**
 * A list item of a conversation (inside an `ol` or `ul`): who wrote it and when, then what the
 * area shows of it. `data-role` names the kind, for styles and tests that tell messages apart.
 */
export function MessageBubble({
  kind,
  sender,
  time,
  found,
  id,
  children,
}: {
  kind: BubbleKind;
  sender: ReactNode;
  /** When it was sent: a relative time in a live chat, a date where it is read later. */
  time: ReactNode;
  /** Marked as the item a search result opened, with this label. */
  found?: { label: string } | undefined;
  id?: string | undefined;
  children?: ReactNode;
}) {
  return (
    <Item $kind={kind} data-role={kind} id={id} data-found={found ? true : undefined}>
      {found ? <FoundLabel>{found.label}</FoundLabel> : null}
      <Sender>
        <strong>{sender}</strong>
        {time}
      </Sender>
      {children}
    </Item>
  );
}

/** The form a message carries (field name → value), when it has one. */
export function MessageForm({
  form,
  label,
}: {
  form: Record<string, string> | null | undefined;
  label: string;
}) {
  const entries = Object.entries(form ?? {});
  if (entries.length === 0) return null;
  return <FieldList layout="compact" aria-label={label} items={entries} />;
}
