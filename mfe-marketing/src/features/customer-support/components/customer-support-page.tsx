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

addTranslations('customer-support', en);

export function CustomerSupportPage() {
  const { t } = useTranslation('customer-support');
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
      <PageSection title={t('tickets.title')}>
        <FeatureGrid items={t('tickets.items', { returnObjects: true })} columns={3} />
      </PageSection>
      <PageSection title={t('learning.title')} intro={t('learning.intro')} tone="surface" narrow>
        <CheckList items={t('learning.items', { returnObjects: true })} />
      </PageSection>
      <PageSection title={t('quote.title')} narrow>
        <Testimonial quote={t('quote.text')} attribution={t('quote.attribution')} />
      </PageSection>
      <CtaBanner />
    </>
  );
}
