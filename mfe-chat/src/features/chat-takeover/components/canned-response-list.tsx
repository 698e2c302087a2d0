import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { VisuallyHidden } from 'shared-ui';
import type { CannedPicker } from '../hooks/use-canned-picker';

const Panel = styled.div`
  display: grid;
  gap: 4px;
  padding: 6px;
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: 0 8px 24px rgb(0 0 0 / 12%);
`;

const List = styled.ul`
  display: grid;
  gap: 2px;
  max-height: 240px;
  margin: 0;
  padding: 0;
  overflow-y: auto;
  list-style: none;
`;

const Option = styled.li<{ $active: boolean }>`
  display: grid;
  gap: 2px;
  padding: 6px 10px;
  border-radius: ${({ theme }) => theme.radii.sm};
  cursor: pointer;
  color: ${({ theme, $active }) => ($active ? theme.colors.onPrimary : theme.colors.textPrimary)};
  background: ${({ theme, $active }) => ($active ? theme.colors.primaryBlue : 'transparent')};
  strong {
    font-weight: 700;
  }
  span {
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
    font-size: 0.875rem;
  }
`;

const Note = styled.p`
  margin: 0;
  padding: 4px 10px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/** The saved replies matching the `/…` being typed (a listbox the reply box points into). */
export function CannedResponseList({ picker }: { picker: CannedPicker }) {
  const { t } = useTranslation('conversation');
  const { matches, activeIndex } = picker;
  return (
    <Panel>
      {matches.length > 0 ? (
        <List role="listbox" id={picker.listId} aria-label={t('canned.label')}>
          {matches.map((response, index) => (
            <Option
              key={response.id}
              id={picker.optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              $active={index === activeIndex}
              // Keeps focus in the reply box.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => picker.insert(response)}
            >
              <strong>/{response.shortcut}</strong>
              <span>{response.content}</span>
            </Option>
          ))}
        </List>
      ) : (
        <Note id={picker.listId}>{picker.loading ? t('canned.loading') : t('canned.none')}</Note>
      )}
      <VisuallyHidden role="status">
        {matches.length > 0 ? t('canned.count', { count: matches.length }) : ''}
      </VisuallyHidden>
    </Panel>
  );
}
