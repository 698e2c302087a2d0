import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const Details = styled.details`
  font-size: 0.875rem;
  summary {
    cursor: pointer;
    width: fit-content;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.primaryBlue};
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 4px 12px;
    margin: 8px 0 0;
  }
  dd {
    margin: 0;
  }
  kbd {
    padding: 1px 6px;
    font: inherit;
    font-family: ${({ theme }) => theme.fonts.mono};
    border: 1px solid ${({ theme }) => theme.colors.stroke};
    border-radius: 4px;
  }
`;

// A dl's rows may be wrapped in a div (HTML's one allowed wrapper); it takes no grid cell.
const Row = styled.div`
  display: contents;
`;

const shortcuts = [
  { keys: ['j', 'k'], does: 'move' },
  { keys: ['Enter'], does: 'open' },
  { keys: ['r'], does: 'reply' },
  { keys: ['Esc'], does: 'leaveReply' },
  { keys: ['e'], does: 'resolve' },
  { keys: ['n'], does: 'nextPending' },
  { keys: ['a'], does: 'suggestions' },
] as const;

/** The page's keyboard shortcuts (useTakeoverShortcuts), listed where agents find them. */
export function KeyboardShortcuts() {
  const { t } = useTranslation('chat-takeover');
  return (
    <Details>
      <summary>{t('shortcuts.title')}</summary>
      <dl>
        {shortcuts.map(({ keys, does }) => (
          <Row key={does}>
            <dt>
              {keys.map((key, index) => (
                <span key={key}>
                  {index > 0 ? ' / ' : null}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{t(`shortcuts.${does}`)}</dd>
          </Row>
        ))}
      </dl>
    </Details>
  );
}
