import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { addTranslations, Button, Container, usePageTitle } from 'shared-ui';
import { CheckList } from '../../../components/check-list';
import { FormCard, FormLayout } from '../../../components/form-card';
import { PageHero } from '../../../components/page-hero';
import { DemoRequestForm } from './demo-request-form';
import en from '../en-US.json';

addTranslations('get-a-demo', en);

const Aside = styled.aside`
  display: grid;
  gap: 32px;
  h2 {
    font-size: 1.375rem;
  }
  p {
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

export function GetADemoPage() {
  const { t } = useTranslation('get-a-demo');
  usePageTitle(t('meta.title'));
  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} lead={t('hero.lead')} />
      <Container>
        <FormLayout>
          <FormCard>
            <DemoRequestForm />
          </FormCard>
          <Aside>
            <section aria-labelledby="demo-agenda-title">
              <h2 id="demo-agenda-title">{t('aside.title')}</h2>
              <CheckList items={t('aside.items', { returnObjects: true })} />
            </section>
            <section aria-labelledby="demo-self-serve-title">
              <h2 id="demo-self-serve-title">{t('aside.selfServeTitle')}</h2>
              <p>{t('aside.selfServeBody')}</p>
              <Actions>
                <Button as={Link} to="/signup">
                  {t('aside.start')}
                </Button>
                <Button as={Link} to="/pricing" $variant="secondary">
                  {t('aside.pricing')}
                </Button>
              </Actions>
            </section>
          </Aside>
        </FormLayout>
      </Container>
    </>
  );
}
