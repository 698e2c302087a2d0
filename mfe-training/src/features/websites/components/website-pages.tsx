import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { AiTrainingWebpage, WebpageState } from 'shared-sdk/schemas';
import { Badge, Button, VisuallyHidden } from 'shared-ui';

/** Pages drawn at a time: a website may have 2,000. */
const pagesPerBatch = 200;

const List = styled.ul`
  display: grid;
  gap: 0;
  margin: 0;
  padding: 0;
  list-style: none;
  border-top: 1px solid ${({ theme }) => theme.colors.divider};
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: start;
  gap: 4px 16px;
  padding: 12px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  a {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.primaryBlue};
    overflow-wrap: anywhere;
  }
`;

const Details = styled.div`
  display: grid;
  gap: 4px;
  min-width: 0;
`;

const Secondary = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textSecondary};
  overflow-wrap: anywhere;
`;

const Side = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: end;
  gap: 8px;
`;

// The state is written out; the colour only repeats it (green read, grey waiting, red failed).
const badgeTone: Record<WebpageState, 'open' | 'closed' | 'neutral'> = {
  indexed: 'open',
  pending: 'neutral',
  skipped: 'closed',
  failed: 'closed',
};

const FailedBadge = styled(Badge)`
  color: ${({ theme }) => theme.colors.red};
`;

/**
 * A website's pages, each with its state and, for one skipped or failed, why. `onRemove`
 * (absent for a website's last page: that is deleting the website) takes one page away.
 */
export function WebsitePages({
  id,
  label,
  pages,
  onRemove,
}: {
  id: string;
  label: string;
  pages: readonly AiTrainingWebpage[];
  onRemove?: (page: AiTrainingWebpage) => void;
}) {
  const { t } = useTranslation('websites');
  const [shown, setShown] = useState(pagesPerBatch);
  return (
    <div id={id}>
      <List aria-label={label}>
        {pages.slice(0, shown).map((page) => {
          const title = page.title || page.url;
          const StateBadge = page.state === 'failed' ? FailedBadge : Badge;
          return (
            <Item key={page.url}>
              <Details>
                <a href={page.url} target="_blank" rel="noopener noreferrer">
                  {title}
                  <VisuallyHidden> {t('pages.newTab')}</VisuallyHidden>
                </a>
                {page.title ? <Secondary>{page.url}</Secondary> : null}
                {page.reason && (page.state === 'skipped' || page.state === 'failed') ? (
                  <Secondary>{t(`pages.reason.${page.state}`, { reason: page.reason })}</Secondary>
                ) : null}
              </Details>
              <Side>
                <StateBadge $tone={badgeTone[page.state]}>{t(`state.${page.state}`)}</StateBadge>
                {onRemove ? (
                  <Button
                    type="button"
                    $variant="ghost"
                    aria-label={t('pages.removeLabel', { title })}
                    onClick={() => onRemove(page)}
                  >
                    {t('pages.remove')}
                  </Button>
                ) : null}
              </Side>
            </Item>
          );
        })}
      </List>
      {pages.length > shown ? (
        <Button type="button" $variant="secondary" onClick={() => setShown(shown + pagesPerBatch)}>
          {t('pages.showMore', { count: Math.min(pagesPerBatch, pages.length - shown) })}
        </Button>
      ) : null}
    </div>
  );
}
