import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { addTranslations, Button, usePageTitle } from 'shared-ui';
import { CheckList } from '../../../components/check-list';
import { CtaBanner } from '../../../components/cta-banner';
import { PageHero } from '../../../components/page-hero';
import { PageSection } from '../../../components/page-section';
import { StepList } from '../../../components/step-list';
import { Testimonial } from '../../../components/testimonial';
import en from '../en-US.json';

addTranslations('sales', en);

const MoreLink = styled(Link)`
  display: inline-block;
  margin-top: 24px;
  font-weight: 600;
`;

export function SalesPage() {
  const { t } = useTranslation('sales');
  usePageTitle(t('meta.title'));
  return (
    <>
      <PageHero
        eyebrow={t('hero.eyebrow')}
        title={t('hero.title')}
        lead={t('hero.lead')}
        actions={
          <Button as={Link} to="/get-a-demo" $size="lg">
            {t('hero.demo')}
          </Button>
        }
      />
      <PageSection title={t('flow.title')}>
        <StepList steps={t('flow.steps', { returnObjects: true })} />
      </PageSection>
      <PageSection title={t('catalogue.title')} intro={t('catalogue.intro')} tone="surface" narrow>
        <CheckList items={t('catalogue.items', { returnObjects: true })} />
        <MoreLink to="/product">{t('catalogue.product')}</MoreLink>
      </PageSection>
      <PageSection title={t('quote.title')} narrow>
        <Testimonial quote={t('quote.text')} attribution={t('quote.attribution')} />
      </PageSection>
      <CtaBanner />
    </>
  );
}
