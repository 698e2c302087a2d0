import styled, { css } from 'styled-components';
import { breakpoints, up } from 'shared-ui';

// The chat takeover's panes: the list, the open conversation, the customer. From lg the list
// and the conversation sit side by side (the customer under the conversation), from xl all three;
// below lg one pane at a time: the list, or the open conversation with a way back to it.

/**
 * Below lg. The wide layout is the default and the narrow one the exception, so that what has
 * no media queries (jsdom in tests) sees every pane.
 */
const belowLg = `@media (max-width: ${breakpoints.lg - 0.02}px)`;

/** Panes below lg: the list when no conversation is open, else the conversation. */
const narrowOnly = (shown: boolean) =>
  shown
    ? css``
    : css`
        ${belowLg} {
          display: none;
        }
      `;

export const SplitView = styled.div`
  display: grid;
  gap: 16px;
  align-items: start;
  min-width: 0;
  ${up('lg')} {
    grid-template-columns: minmax(260px, 300px) minmax(0, 1fr);
  }
  ${up('xl')} {
    grid-template-columns: minmax(260px, 320px) minmax(0, 1fr) minmax(240px, 280px);
  }
`;

const pane = css`
  display: grid;
  gap: 12px;
  align-content: start;
  min-width: 0;
`;

/** The list: scrolls on its own beside the conversation. */
export const ListPane = styled.section<{ $shownNarrow: boolean }>`
  ${pane}
  ${({ $shownNarrow }) => narrowOnly($shownNarrow)}
  ${up('lg')} {
    position: sticky;
    top: 16px;
    max-height: calc(100vh - 120px);
    overflow-y: auto;
    padding: 2px 6px 2px 2px;
    overscroll-behavior: contain;
  }
`;

export const ConversationPane = styled.section<{ $shownNarrow: boolean }>`
  ${pane}
  ${({ $shownNarrow }) => narrowOnly($shownNarrow)}
  ${up('lg')} {
    grid-column: 2;
  }
`;

export const DetailsPane = styled.aside`
  ${pane}
  ${up('lg')} {
    grid-column: 2;
  }
  ${up('xl')} {
    grid-column: 3;
    grid-row: 1;
    position: sticky;
    top: 16px;
  }
`;

/** Shown below lg only: the split view there shows one pane at a time. */
export const NarrowOnly = styled.div`
  display: none;
  ${belowLg} {
    display: block;
  }
`;
