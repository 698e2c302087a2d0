import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { addTranslations, Button, usePageTitle } from 'shared-ui';
import { CheckList } from '../../../components/check-list';
import { CtaBanner } from '../../../components/cta-banner';
import { FeatureGrid } from '../../../components/feature-grid';
import { PageHero } from '../../../components/page-hero';
import { PageSection } from '../../../components/page-section';
import { StepList } from '../../../components/step-list';
import { ChatIllustration } from './chat-illustration';
import en from '../en-US.json';

addTranslations('home', en);

const featurePaths = [
  ['/product', 'product'],
  ['/customer-service', 'customerService'],
  ['/customer-support', 'customerSupport'],
  ['/benefits', 'benefits'],
  ['/sales', 'sales'],
  ['/solutions', 'solutions'],
] as const;

const teamPaths = ['/customer-service', '/customer-support', '/sales', '/marketing'] as const;

export function HomePage() {
  const { t } = useTranslation('home');
  usePageTitle(t('meta.title'));
  const teams = t('teams.items', { returnObjects: true });
  return (
    <>
      <PageHero
        eyebrow={t('hero.eyebrow')}
        title={t('hero.title')}
        lead={t('hero.lead')}
        actions={
          <>
            <Button as={Link} to="/signup" $size="lg">
              {t('hero.start')}
            </Button>
            <Button as={Link} to="/get-a-demo" $variant="secondary" $size="lg">
              {t('hero.demo')}
            </Button>
          </>
        }
        art={<ChatIllustration />}
      />
      <PageSection title={t('how.title')} intro={t('how.intro')}>
        <StepList steps={t('how.steps', { returnObjects: true })} />
      </PageSection>
      <PageSection title={t('features.title')} intro={t('features.intro')} tone="surface">
        <FeatureGrid
          items={t('features.items', { returnObjects: true })}
          links={featurePaths.map(([to, key]) => ({ to, label: t(`features.links.${key}`) }))}
          columns={3}
        />
      </PageSection>
      <PageSection title={t('teams.title')}>
        <FeatureGrid
          items={teams}
          links={teamPaths.map((to, index) => ({
            to,
            label: `${t('teams.more')}: ${teams[index]?.title ?? ''}`,
          }))}
          columns={4}
          min={220}
        />
      </PageSection>
      <PageSection title={t('principles.title')} tone="surface" narrow>
        <CheckList items={t('principles.items', { returnObjects: true })} />
      </PageSection>
      <CtaBanner title={t('cta.title')} body={t('cta.body')} />
    </>
  );
}
