import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { addTranslations, Container, usePageTitle } from 'shared-ui';
import { FormCard, FormLayout } from '../../../components/form-card';
import { PageHero } from '../../../components/page-hero';
import { ContactForm, contactTopics } from './contact-form';
import en from '../en-US.json';

addTranslations('contact-us', en);

const Aside = styled.aside`
  h2 {
    font-size: 1.375rem;
  }
  ul {
    display: grid;
    gap: 24px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  h3 {
    font-size: 1.0625rem;
    margin-bottom: 4px;
  }
  p {
    margin-bottom: 4px;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
  a {
    font-weight: 600;
  }
`;

export function ContactUsPage() {
  const { t } = useTranslation('contact-us');
  usePageTitle(t('meta.title'));
  // Links such as /contact-us?topic=press open the form with that topic chosen.
  const [searchParams] = useSearchParams();
  const initialTopic = contactTopics.find((topic) => topic === searchParams.get('topic'));
  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} lead={t('hero.lead')} />
      <Container>
        <FormLayout>
          <FormCard>
            <ContactForm initialTopic={initialTopic} />
          </FormCard>
          <Aside aria-labelledby="contact-aside-title">
            <h2 id="contact-aside-title">{t('aside.title')}</h2>
            <ul role="list">
              {t('aside.items', { returnObjects: true }).map((item) => (
                <li key={item.to}>
                  <h3>{item.title}</h3>
                  <p>{item.body}</p>
                  <Link to={item.to}>{item.label}</Link>
                </li>
              ))}
            </ul>
          </Aside>
        </FormLayout>
      </Container>
    </>
  );
}
