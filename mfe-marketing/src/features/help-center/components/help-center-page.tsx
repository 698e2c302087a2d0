import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { addTranslations, Button, Card, Container, up, usePageTitle } from 'shared-ui';
import { FaqList } from '../../../components/faq-list';
import { PageHero } from '../../../components/page-hero';
import { PageSection } from '../../../components/page-section';
import en from '../en-US.json';

addTranslations('help-center', en);

// The shell shows this page in its minimal layout (no site header), so it links home itself.
const TopLinks = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 24px;
  padding: 16px 0;
  font-weight: 600;
`;

const Contents = styled.nav`
  margin-bottom: 32px;
  h3 {
    font-size: 1rem;
  }
  ol {
    display: grid;
    gap: 4px 24px;
    margin: 0;
    padding-left: 1.25em;
    ${up('md')} {
      grid-template-columns: 1fr 1fr;
    }
  }
`;

const Guides = styled.div`
  display: grid;
  gap: 24px;
`;

const Guide = styled(Card)`
  scroll-margin-top: 24px;
  h3 {
    font-size: 1.25rem;
  }
  ol {
    margin: 0;
    padding-left: 1.25em;
  }
  li + li {
    margin-top: 8px;
  }
`;

export function HelpCenterPage() {
  const { t } = useTranslation('help-center');
  usePageTitle(t('meta.title'));
  const guides = t('guides', { returnObjects: true });
  return (
    <>
      <Container>
        <TopLinks aria-label={t('meta.title')}>
          <Link to="/">← {t('hero.home')}</Link>
          <Link to="/login">{t('hero.login')}</Link>
        </TopLinks>
      </Container>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} lead={t('hero.lead')} />
      <PageSection title={t('guidesTitle')} intro={t('guidesIntro')} narrow>
        <Contents aria-labelledby="help-contents">
          <h3 id="help-contents">{t('contents')}</h3>
          <ol>
            {guides.map((guide) => (
              <li key={guide.id}>
                <a href={`#${guide.id}`}>{guide.title}</a>
              </li>
            ))}
          </ol>
        </Contents>
        <Guides>
          {guides.map((guide, index) => (
            <Guide as="article" key={guide.id} id={guide.id} aria-labelledby={`${guide.id}-title`}>
              <h3 id={`${guide.id}-title`}>
                {t('guideNumber', { number: index + 1, title: guide.title })}
              </h3>
              <ol>
                {guide.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </Guide>
          ))}
        </Guides>
      </PageSection>
      <PageSection title={t('faqTitle')} tone="surface" narrow>
        <FaqList items={t('faq', { returnObjects: true })} />
      </PageSection>
      <PageSection title={t('contact.title')} intro={t('contact.body')} narrow>
        <Button as={Link} to="/contact-us?topic=support">
          {t('contact.link')}
        </Button>
      </PageSection>
    </>
  );
}
