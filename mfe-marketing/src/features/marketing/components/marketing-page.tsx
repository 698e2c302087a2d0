import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { addTranslations, Button, usePageTitle } from 'shared-ui';
import { CheckList } from '../../../components/check-list';
import { CtaBanner } from '../../../components/cta-banner';
import { FeatureGrid } from '../../../components/feature-grid';
import { PageHero } from '../../../components/page-hero';
import { PageSection } from '../../../components/page-section';
import { Testimonial } from '../../../components/testimonial';
import en from '../en-US.json';

addTranslations('marketing', en);

export function MarketingPage() {
  const { t } = useTranslation('marketing');
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
      <PageSection title={t('features.title')}>
        <FeatureGrid items={t('features.items', { returnObjects: true })} columns={2} min={280} />
      </PageSection>
      <PageSection title={t('insights.title')} intro={t('insights.intro')} tone="surface" narrow>
        <CheckList items={t('insights.items', { returnObjects: true })} />
      </PageSection>
      <PageSection title={t('quote.title')} narrow>
        <Testimonial quote={t('quote.text')} attribution={t('quote.attribution')} />
      </PageSection>
      <CtaBanner />
    </>
  );
}
