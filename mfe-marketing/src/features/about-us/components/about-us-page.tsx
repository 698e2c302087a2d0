import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { addTranslations, Button, usePageTitle } from 'shared-ui';
import { CheckList } from '../../../components/check-list';
import { CtaBanner } from '../../../components/cta-banner';
import { FeatureGrid } from '../../../components/feature-grid';
import { PageHero } from '../../../components/page-hero';
import { PageSection } from '../../../components/page-section';
import en from '../en-US.json';

addTranslations('about-us', en);

const Prose = styled.div`
  font-size: 1.0625rem;
  p {
    max-width: 68ch;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 24px;
`;

export function AboutUsPage() {
  const { t } = useTranslation('about-us');
  usePageTitle(t('meta.title'));
  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} lead={t('hero.lead')} />
      <PageSection title={t('mission.title')} narrow>
        <Prose>
          {t('mission.paragraphs', { returnObjects: true }).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </Prose>
      </PageSection>
      <PageSection title={t('beliefs.title')} tone="surface">
        <FeatureGrid items={t('beliefs.items', { returnObjects: true })} columns={2} min={280} />
      </PageSection>
      <PageSection title={t('how.title')} narrow>
        <CheckList items={t('how.items', { returnObjects: true })} />
        <Actions>
          <Link to="/resources">{t('how.news')}</Link>
        </Actions>
      </PageSection>
      <PageSection title={t('contact.title')} intro={t('contact.body')} tone="surface" narrow>
        <Actions>
          <Button as={Link} to="/contact-us?topic=press" $variant="secondary">
            {t('contact.press')}
          </Button>
          <Button as={Link} to="/contact-us?topic=partnerships" $variant="secondary">
            {t('contact.partnerships')}
          </Button>
        </Actions>
      </PageSection>
      <CtaBanner />
    </>
  );
}
