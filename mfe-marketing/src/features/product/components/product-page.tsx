import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { addTranslations, Button, usePageTitle } from 'shared-ui';
import { CheckList } from '../../../components/check-list';
import { CtaBanner } from '../../../components/cta-banner';
import { PageHero } from '../../../components/page-hero';
import { PageSection } from '../../../components/page-section';
import en from '../en-US.json';

addTranslations('product', en);

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

export function ProductPage() {
  const { t } = useTranslation('product');
  usePageTitle(t('meta.title'));
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
            <Button as={Link} to="/pricing" $variant="secondary" $size="lg">
              {t('hero.pricing')}
            </Button>
          </>
        }
      />
      {t('tour', { returnObjects: true }).map((part, index) => (
        <PageSection
          key={part.id}
          title={part.title}
          intro={part.intro}
          tone={index % 2 === 1 ? 'surface' : 'plain'}
          narrow
        >
          <CheckList items={part.points} />
        </PageSection>
      ))}
      <PageSection title={t('next.title')} intro={t('next.body')} narrow>
        <Actions>
          <Button as={Link} to="/get-a-demo">
            {t('next.demo')}
          </Button>
          <Button as={Link} to="/integrations" $variant="secondary">
            {t('next.integrations')}
          </Button>
          <Button as={Link} to="/compare" $variant="ghost">
            {t('next.compare')}
          </Button>
        </Actions>
      </PageSection>
      <CtaBanner />
    </>
  );
}
