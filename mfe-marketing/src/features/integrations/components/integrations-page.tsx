import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { addTranslations, Badge, Button, Card, Grid, usePageTitle } from 'shared-ui';
import { CtaBanner } from '../../../components/cta-banner';
import { PageHero } from '../../../components/page-hero';
import { PageSection } from '../../../components/page-section';
import { StepList } from '../../../components/step-list';
import en from '../en-US.json';

addTranslations('integrations', en);

type Integration = (typeof en.items)[number];

const IntegrationCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 12px;
  h3 {
    margin: 0;
    font-size: 1.1875rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

const GuideLink = styled(Link)`
  display: inline-block;
  margin-top: 32px;
  font-weight: 600;
`;

function IntegrationItem({ item }: { item: Integration }) {
  const headingId = useId();
  return (
    <IntegrationCard as="article" aria-labelledby={headingId}>
      <h3 id={headingId}>{item.title}</h3>
      <div>
        <Badge $tone="open">{item.status}</Badge>
      </div>
      <p>{item.body}</p>
    </IntegrationCard>
  );
}

export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  usePageTitle(t('meta.title'));
  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} lead={t('hero.lead')} />
      <PageSection title={t('listTitle')}>
        <Grid $min={260}>
          {t('items', { returnObjects: true }).map((item) => (
            <IntegrationItem key={item.title} item={item} />
          ))}
        </Grid>
      </PageSection>
      <PageSection title={t('install.title')} tone="surface">
        <StepList steps={t('install.steps', { returnObjects: true })} />
        <GuideLink to="/help-center">{t('install.guide')}</GuideLink>
      </PageSection>
      <PageSection title={t('request.title')} intro={t('request.body')} narrow>
        <Button as={Link} to="/contact-us?topic=partnerships" $variant="secondary">
          {t('request.link')}
        </Button>
      </PageSection>
      <CtaBanner />
    </>
  );
}
