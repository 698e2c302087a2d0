import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ConversationRating as Rating } from 'shared-sdk/schemas';

const Box = styled.figure`
  display: grid;
  gap: 4px;
  margin: 0;
  padding: 8px 12px;
  border-left: 4px solid ${({ theme }) => theme.colors.green};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.sm};
  figcaption {
    font-weight: 700;
  }
  blockquote {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

/** What the customer said of the conversation once it was resolved: 1–5 and their comment. */
export function ConversationRating({ rating }: { rating: Rating }) {
  const { t } = useTranslation('conversation');
  return (
    <Box>
      <figcaption>
        <span aria-hidden="true">{'★'.repeat(rating.value) + '☆'.repeat(5 - rating.value)} </span>
        {t('rating.value', { value: rating.value })}
      </figcaption>
      {rating.comment ? <blockquote>{rating.comment}</blockquote> : null}
    </Box>
  );
}
