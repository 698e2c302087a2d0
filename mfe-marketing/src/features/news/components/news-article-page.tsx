import { useTranslation } from 'react-i18next';
import type { MouseEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { pageNotFound } from 'shared-sdk';
import { addTranslations, Alert, Button, Container, Loading, Stack, usePageTitle } from 'shared-ui';
import { BackLink } from 'shared-ui/controls';
import { CtaBanner } from '../../../components/cta-banner';
import { ArticleProse } from './article-prose';
import en from '../en-US.json';
import { PublishedDate } from './published-date';
import { useNewsArticle } from '../hooks/use-news-article';

addTranslations('news', en);

const Article = styled.article`
  padding: 40px 0 16px;
`;

const BackRow = styled.p`
  margin: 0 0 24px;
`;

const Header = styled.header`
  margin-bottom: 32px;
  padding-bottom: 24px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  h1 {
    font-size: clamp(1.875rem, 3vw + 1rem, 2.75rem);
    letter-spacing: -0.015em;
    overflow-wrap: break-word;
  }
`;

const Byline = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  font-size: 0.9375rem;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const Summary = styled.p`
  font-size: 1.1875rem;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/** Links in the article HTML to our own pages go through the router instead of reloading. */
function useInternalLinkNavigation() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || anchor.target || !href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    navigate(href);
  };
}

/** /news/:slug. An article the API does not know becomes the shell's 404 page. */
export function NewsArticlePage() {
  const { slug = '' } = useParams();
  const onProseClick = useInternalLinkNavigation();
  const { t } = useTranslation('news');
  const { state, retry } = useNewsArticle(slug);
  usePageTitle(state.status === 'loaded' ? state.article.title : t('article.loadingTitle'));

  // product-spec.md §8: 'Page Not Found: {path}'; thrown while rendering so the shell's boundary shows it.
  if (state.status === 'not-found') throw pageNotFound(`/news/${slug}`);

  return (
    <>
      <Container $narrow>
        <Article aria-busy={state.status === 'loading'}>
          <BackRow>
            <BackLink to="/resources">{t('article.back')}</BackLink>
          </BackRow>
          {state.status === 'loading' ? <Loading label={t('article.loading')} /> : null}
          {state.status === 'failed' ? (
            <Stack $gap={4}>
              <h1>{t('article.failedTitle')}</h1>
              <Alert tone="error">
                <Stack $gap={3}>
                  <span>{t('article.loadFailed')}</span>
                  <div>
                    <Button type="button" $variant="secondary" onClick={retry}>
                      {t('article.retry')}
                    </Button>
                  </div>
                </Stack>
              </Alert>
            </Stack>
          ) : null}
          {state.status === 'loaded' ? (
            <>
              <Header>
                <h1>{state.article.title}</h1>
                <Summary>{state.article.summary}</Summary>
                <Byline>
                  <span>{t('article.byline', { author: state.article.author })}</span>
                  <span>
                    {t('article.published')} <PublishedDate isoDate={state.article.publishedAt} />
                  </span>
                </Byline>
              </Header>
              {/* The HTML comes from our own markdown files, rendered by our API. */}
              <ArticleProse
                onClick={onProseClick}
                dangerouslySetInnerHTML={{ __html: state.article.html }}
              />
            </>
          ) : null}
        </Article>
      </Container>
      {state.status === 'loaded' ? <CtaBanner /> : null}
    </>
  );
}
