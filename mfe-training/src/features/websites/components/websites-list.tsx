import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Card, Loading, Muted, Stack } from 'shared-ui';
import { LoadFailed } from 'shared-ui/controls';
import { useWebsites } from '../hooks/use-websites';
import { WebsiteCard } from './website-card';

const Heading = styled.h2`
  margin: 0;
  font-size: 1.25rem;
`;

const Empty = styled(Card)`
  display: grid;
  gap: 8px;
  p {
    margin: 0;
  }
`;

/** The workspace's websites, live: one card each, newest first. */
export function WebsitesList({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('websites');
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const websites = useWebsites(workspaceId);
  const loaded = websites.status === 'live' || websites.status === 'reconnecting';

  return (
    <Stack as="section" $gap={4} aria-labelledby={headingId}>
      <Heading id={headingId} ref={headingRef} tabIndex={-1}>
        {t('list.title')}
      </Heading>
      <div aria-busy={websites.status === 'loading'}>
        {websites.status === 'loading' ? <Loading label={t('list.loading')} /> : null}
        {websites.status === 'error' ? (
          <LoadFailed message={t('list.loadFailed')} onRetry={websites.retry} />
        ) : null}
        {loaded && websites.docs.length === 0 ? (
          <Empty>
            <p>{t('list.empty')}</p>
          </Empty>
        ) : null}
        {loaded && websites.docs.length > 0 ? (
          <Stack $gap={4}>
            <Muted>{t('list.count', { count: websites.docs.length })}</Muted>
            {websites.docs.map((website) => (
              <WebsiteCard
                key={website.id}
                workspaceId={workspaceId}
                website={website}
                // The card that had focus is gone; the list's heading takes it.
                onDeleted={() => headingRef.current?.focus()}
              />
            ))}
          </Stack>
        ) : null}
      </div>
    </Stack>
  );
}
