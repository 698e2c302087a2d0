import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { AiTrainingQna } from 'shared-sdk/schemas';
import { Badge, Button, Card } from 'shared-ui';
import { FormattedDate } from 'shared-ui/controls';

const Item = styled(Card)`
  display: grid;
  gap: 12px;
  min-width: 0;
  h2 {
    margin: 0;
    font-size: 1.0625rem;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

const Topics = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Meta = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
`;

/** One pair: its question, its answer, its topics, and what can be done with it. */
export function QnaCard({
  qna,
  onEdit,
  onDelete,
}: {
  qna: AiTrainingQna;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('qnas');
  return (
    <Item as="article" aria-labelledby={`qna-${qna.id}`}>
      <h2 id={`qna-${qna.id}`}>{qna.question}</h2>
      <p>{qna.answer}</p>
      <Footer>
        {qna.topicIds.length > 0 ? (
          <Topics aria-label={t('card.topics')}>
            {qna.topicIds.map((topic) => (
              <li key={topic}>
                <Badge $tone="neutral">{topic}</Badge>
              </li>
            ))}
          </Topics>
        ) : (
          <Meta>{t('card.noTopics')}</Meta>
        )}
        <Meta>
          {t('card.updated')} <FormattedDate timestamp={qna.updatedAt} />
        </Meta>
        <Actions>
          <Button
            type="button"
            $variant="secondary"
            aria-label={t('card.editLabel', { question: qna.question })}
            onClick={onEdit}
          >
            {t('card.edit')}
          </Button>
          <Button
            type="button"
            $variant="ghost"
            aria-label={t('card.deleteLabel', { question: qna.question })}
            onClick={onDelete}
          >
            {t('card.delete')}
          </Button>
        </Actions>
      </Footer>
    </Item>
  );
}
