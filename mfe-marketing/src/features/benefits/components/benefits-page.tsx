import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { addTranslations, usePageTitle } from 'shared-ui';
import { CheckList } from '../../../components/check-list';
import { CtaBanner } from '../../../components/cta-banner';
import { FeatureGrid } from '../../../components/feature-grid';
import { PageHero } from '../../../components/page-hero';
import { PageSection } from '../../../components/page-section';
import en from '../en-US.json';

addTranslations('benefits', en);

const GuideLink = styled(Link)`
  display: inline-block;
  margin-top: 24px;
  font-weight: 600;
`;

export function BenefitsPage() {
  const { t } = useTranslation('benefits');
  usePageTitle(t('meta.title'));
  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} lead={t('hero.lead')} />
      {t('groups', { returnObjects: true }).map((group, index) => (
        <PageSection
          key={group.title}
          title={group.title}
          intro={group.intro}
          tone={index % 2 === 1 ? 'surface' : 'plain'}
        >
          <FeatureGrid items={group.items} columns={3} />
        </PageSection>
      ))}
      <PageSection title={t('setup.title')} tone="surface" narrow>
        <CheckList items={t('setup.items', { returnObjects: true })} />
        <GuideLink to="/help-center">{t('setup.guide')}</GuideLink>
      </PageSection>
      <CtaBanner />
    </>
  );
}
