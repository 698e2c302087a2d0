import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { maxWebsiteLinks } from 'shared-sdk';
import type { AiTrainingWebsite } from 'shared-sdk/schemas';
import { useToast } from 'shared-ui';
import { updateWebsiteLinks } from '../api/websites-api';
import type { Discovery } from '../hooks/use-discovery';
import { siteName } from '../utils/website-summary';
import { DiscoveryFlow } from './discovery-flow';

const Section = styled.section`
  display: grid;
  gap: 16px;
  padding-top: 16px;
  border-top: 1px solid ${({ theme }) => theme.colors.divider};
  h4 {
    margin: 0;
    font-size: 1rem;
  }
`;

/**
 * "Add pages": the website's site searched again, offering only the links not chosen yet;
 * those picked join the ones it has.
 */
export function AddPages({
  workspaceId,
  website,
  discovery,
}: {
  workspaceId: string;
  website: AiTrainingWebsite;
  discovery: Discovery;
}) {
  const { t } = useTranslation('websites');
  const toast = useToast();
  const titleId = useId();
  const site = siteName(website.baseUrl);
  const chosen = useMemo(() => new Set(website.links), [website.links]);

  async function save(links: string[]) {
    await updateWebsiteLinks(workspaceId, website.id, [...website.links, ...links]);
    toast.success(t('addPages.done', { count: links.length, site }));
    discovery.close();
  }

  return (
    <Section aria-labelledby={titleId}>
      <h4 id={titleId}>{t('addPages.title', { site })}</h4>
      <DiscoveryFlow
        discovery={discovery}
        exclude={chosen}
        limit={maxWebsiteLinks - website.links.length}
        caption={t('addPages.caption', { site })}
        saveLabel={t('addPages.save')}
        nothingNew={t('addPages.nothingNew')}
        save={save}
      />
    </Section>
  );
}
