import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { addTranslations, Button, Stack, usePageTitle } from 'shared-ui';
import { CtaBanner } from '../../../components/cta-banner';
import { FeatureGrid } from '../../../components/feature-grid';
import { PageHero } from '../../../components/page-hero';
import { PageSection } from '../../../components/page-section';
import { StepList } from '../../../components/step-list';
import { Testimonial } from '../../../components/testimonial';
import en from '../en-US.json';

addTranslations('customer-service', en);

export function CustomerServicePage() {
  const { t } = useTranslation('customer-service');
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
      <PageSection title={t('features.title')} tone="surface">
        <FeatureGrid items={t('features.items', { returnObjects: true })} columns={2} min={280} />
      </PageSection>
      <PageSection title={t('quote.title')} narrow>
        <Stack $gap={4}>
          <Testimonial quote={t('quote.text')} attribution={t('quote.attribution')} />
          <Link to="/customers">{t('quote.more')}</Link>
        </Stack>
      </PageSection>
      <CtaBanner />
    </>
  );
}
