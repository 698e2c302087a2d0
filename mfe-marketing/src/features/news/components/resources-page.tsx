import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  addTranslations,
  Alert,
  Button,
  Card,
  Grid,
  Loading,
  Stack,
  usePageTitle,
} from 'shared-ui';
import { CtaBanner } from '../../../components/cta-banner';
import { PageHero } from '../../../components/page-hero';
import { PageSection } from '../../../components/page-section';
import en from '../en-US.json';
import { PublishedDate } from './published-date';
import { useNewsList, type NewsListState } from '../hooks/use-news-list';

addTranslations('news', en);

const ArticleList = styled.ul`
  display: grid;
  gap: 20px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const ArticleCard = styled(Card)`
  h3 {
    font-size: 1.3125rem;
  }
  h3 a {
    color: ${({ theme }) => theme.colors.textPrimary};
    text-decoration: none;
  }
  h3 a:hover,
  h3 a:focus-visible {
    text-decoration: underline;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  margin-bottom: 8px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const GuideCard = styled(Card)`
  display: flex;
  flex-direction: column;
  h3 {
    font-size: 1.125rem;
  }
  p {
    color: ${({ theme }) => theme.colors.textSecondary};
  }
  a {
    margin-top: auto;
    font-weight: 600;
  }
`;

function NewsList({ state, retry }: { state: NewsListState; retry: () => void }) {
  const { t } = useTranslation('news');
  switch (state.status) {
    case 'loading':
      return <Loading label={t('resources.loading')} />;
    case 'failed':
      return (
        <Alert tone="error">
          <Stack $gap={3}>
            <span>{t('resources.loadFailed')}</span>
            <div>
              <Button type="button" $variant="secondary" onClick={retry}>
                {t('resources.retry')}
              </Button>
            </div>
          </Stack>
        </Alert>
      );
    case 'loaded':
      if (state.articles.length === 0) return <p>{t('resources.empty')}</p>;
      return (
        <ArticleList role="list">
          {state.articles.map((article) => (
            <ArticleCard as="li" key={article.slug}>
              <Meta>
                <PublishedDate isoDate={article.publishedAt} />
                <span>{t('resources.byline', { author: article.author })}</span>
              </Meta>
              <h3>
                <Link to={`/news/${article.slug}`}>{article.title}</Link>
              </h3>
              <p>{article.summary}</p>
            </ArticleCard>
          ))}
        </ArticleList>
      );
  }
}

export function ResourcesPage() {
  const { t } = useTranslation('news');
  usePageTitle(t('resources.metaTitle'));
  const { state, retry } = useNewsList();
  return (
    <>
      <PageHero
        eyebrow={t('resources.eyebrow')}
        title={t('resources.title')}
        lead={t('resources.lead')}
      />
      <PageSection title={t('resources.newsTitle')} intro={t('resources.newsIntro')} narrow>
        <NewsList state={state} retry={retry} />
      </PageSection>
      <PageSection
        title={t('resources.guidesTitle')}
        intro={t('resources.guidesIntro')}
        tone="surface"
      >
        <Grid $min={240}>
          {t('resources.guides', { returnObjects: true }).map((guide) => (
            <GuideCard key={guide.to}>
              <h3>{guide.title}</h3>
              <p>{guide.body}</p>
              <Link to={guide.to}>{guide.label}</Link>
            </GuideCard>
          ))}
        </Grid>
      </PageSection>
      <CtaBanner />
    </>
  );
}
