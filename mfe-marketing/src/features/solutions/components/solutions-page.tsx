import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { addTranslations, Button, usePageTitle } from 'shared-ui';
import { CtaBanner } from '../../../components/cta-banner';
import { FeatureGrid } from '../../../components/feature-grid';
import { PageHero } from '../../../components/page-hero';
import { PageSection } from '../../../components/page-section';
import en from '../en-US.json';

addTranslations('solutions', en);

const teamPaths = ['/customer-service', '/customer-support', '/sales', '/marketing'] as const;

export function SolutionsPage() {
  const { t } = useTranslation('solutions');
  usePageTitle(t('meta.title'));
  const teamLinks = t('teams.links', { returnObjects: true });
  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} lead={t('hero.lead')} />
      <PageSection title={t('teams.title')}>
        <FeatureGrid
          items={t('teams.items', { returnObjects: true })}
          links={teamPaths.map((to, index) => ({ to, label: teamLinks[index] ?? to }))}
          columns={4}
          min={220}
        />
      </PageSection>
      <PageSection title={t('industries.title')} tone="surface">
        <FeatureGrid items={t('industries.items', { returnObjects: true })} columns={2} min={280} />
      </PageSection>
      <PageSection title={t('stories.title')} intro={t('stories.body')} narrow>
        <Button as={Link} to="/customers" $variant="secondary">
          {t('stories.link')}
        </Button>
      </PageSection>
      <CtaBanner />
    </>
  );
}
