import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { addTranslations, Badge, Button, Card, up, usePageTitle } from 'shared-ui';
import { CheckList } from '../../../components/check-list';
import { CtaBanner } from '../../../components/cta-banner';
import { PageHero } from '../../../components/page-hero';
import { PageSection } from '../../../components/page-section';
import { Testimonial } from '../../../components/testimonial';
import en from '../en-US.json';

addTranslations('customers', en);

type Story = (typeof en.stories)[number];

const StoryList = styled.div`
  display: grid;
  gap: 32px;
`;

const StoryCard = styled(Card)`
  display: grid;
  gap: 24px;
  ${up('lg')} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    padding: 40px;
  }
  h3 {
    font-size: 1.5rem;
    margin-bottom: 8px;
  }
  h4 {
    margin: 20px 0 6px;
    font-size: 1rem;
  }
  p {
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

const Results = styled.div`
  align-self: start;
  display: grid;
  gap: 20px;
  h4 {
    margin-top: 0;
  }
`;

function StoryCardView({ story }: { story: Story }) {
  const { t } = useTranslation('customers');
  const headingId = useId();
  return (
    <StoryCard as="article" aria-labelledby={headingId}>
      <div>
        <h3 id={headingId}>{story.company}</h3>
        <Badge>{story.industry}</Badge>
        <h4>{t('labels.challenge')}</h4>
        <p>{story.challenge}</p>
        <h4>{t('labels.setup')}</h4>
        <p>{story.setup}</p>
      </div>
      <Results>
        <div>
          <h4>{t('labels.results')}</h4>
          <CheckList items={story.results} />
        </div>
        <Testimonial quote={story.quote} attribution={`${story.attribution}, ${story.company}`} />
      </Results>
    </StoryCard>
  );
}

export function CustomersPage() {
  const { t } = useTranslation('customers');
  usePageTitle(t('meta.title'));
  const stories = t('stories', { returnObjects: true });
  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} lead={t('hero.lead')} />
      <PageSection title={t('storiesTitle')}>
        <StoryList>
          {stories.map((story) => (
            <StoryCardView key={story.company} story={story} />
          ))}
        </StoryList>
      </PageSection>
      <PageSection title={t('join.title')} intro={t('join.body')} tone="surface" narrow>
        <Button as={Link} to="/get-a-demo">
          {t('join.link')}
        </Button>
      </PageSection>
      <CtaBanner />
    </>
  );
}
