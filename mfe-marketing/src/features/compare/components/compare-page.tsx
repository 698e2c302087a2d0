import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { addTranslations, Button, usePageTitle } from 'shared-ui';
import { CtaBanner } from '../../../components/cta-banner';
import { FeatureGrid } from '../../../components/feature-grid';
import { PageHero } from '../../../components/page-hero';
import { PageSection } from '../../../components/page-section';
import { ComparisonTable } from './comparison-table';
import en from '../en-US.json';

addTranslations('compare', en);

export function ComparePage() {
  const { t } = useTranslation('compare');
  usePageTitle(t('meta.title'));
  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} lead={t('hero.lead')} />
      <PageSection title={t('table.title')} intro={t('table.intro')}>
        <ComparisonTable />
      </PageSection>
      <PageSection title={t('fit.title')} tone="surface">
        <FeatureGrid items={t('fit.items', { returnObjects: true })} columns={3} />
      </PageSection>
      <PageSection title={t('together.title')} intro={t('together.body')} narrow>
        <Button as={Link} to="/integrations" $variant="secondary">
          {t('together.link')}
        </Button>
      </PageSection>
      <CtaBanner />
    </>
  );
}
