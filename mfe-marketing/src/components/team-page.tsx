import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Stack, usePageTitle } from 'shared-ui';
import { CheckList } from './check-list';
import { CtaBanner } from './cta-banner';
import { FeatureGrid, type Feature } from './feature-grid';
import { PageHero } from './page-hero';
import { PageSection } from './page-section';
import { StepList } from './step-list';
import { Testimonial } from './testimonial';

// The pages for one team (marketing, sales, customer service, customer support) are one kind of
// page that differs only in its words and the order of its sections: a hero with a demo button,
// the team's sections, a customer's quote and the sign-up banner. Each team's page is its data.

/** The strings' namespaces of the team pages, each registered by its page module. */
export type TeamNamespace = 'marketing' | 'sales' | 'customer-service' | 'customer-support';

/** A link under a section's content: its label's key in the namespace, and where it goes. */
interface SectionLink {
  label: string;
  to: string;
}

/**
 * A section between the hero and the quote. `key` names its strings: `<key>.title`, and
 * `<key>.intro` when it has one; its content is `<key>.items` (feature cards or a check list)
 * or `<key>.steps`.
 */
export interface TeamSection {
  key: string;
  kind: 'features' | 'steps' | 'checks';
  tone?: 'plain' | 'surface';
  narrow?: boolean;
  intro?: boolean;
  /** Feature cards: how many a row at most, and their narrowest width. */
  columns?: number;
  min?: number;
  link?: SectionLink;
}

export interface TeamPageData {
  namespace: TeamNamespace;
  sections: readonly TeamSection[];
  /** A link under the customer's quote (`quote.<label>`). */
  quoteLink?: SectionLink;
}

const MoreLink = styled(Link)`
  display: inline-block;
  margin-top: 24px;
  font-weight: 600;
`;

/** The namespace's strings by key: the keys come from the page's data, not from the code. */
function useTeamStrings(namespace: TeamNamespace) {
  const { t } = useTranslation(namespace);
  const lookup = t as unknown as (key: string, options?: { returnObjects: true }) => unknown;
  return {
    text: (key: string) => String(lookup(key)),
    list: <T,>(key: string) => lookup(key, { returnObjects: true }) as readonly T[],
  };
}

function SectionContent({
  section,
  namespace,
}: {
  section: TeamSection;
  namespace: TeamNamespace;
}) {
  const { list } = useTeamStrings(namespace);
  if (section.kind === 'steps') return <StepList steps={list<Feature>(`${section.key}.steps`)} />;
  if (section.kind === 'checks') return <CheckList items={list<string>(`${section.key}.items`)} />;
  return (
    <FeatureGrid
      items={list<Feature>(`${section.key}.items`)}
      columns={section.columns}
      min={section.min}
    />
  );
}

/** The page of one team, from its data. */
export function TeamPage({ namespace, sections, quoteLink }: TeamPageData) {
  const { text } = useTeamStrings(namespace);
  usePageTitle(text('meta.title'));
  const quote = <Testimonial quote={text('quote.text')} attribution={text('quote.attribution')} />;
  return (
    <>
      <PageHero
        eyebrow={text('hero.eyebrow')}
        title={text('hero.title')}
        lead={text('hero.lead')}
        actions={
          <Button as={Link} to="/get-a-demo" $size="lg">
            {text('hero.demo')}
          </Button>
        }
      />
      {sections.map((section) => (
        <PageSection
          key={section.key}
          title={text(`${section.key}.title`)}
          intro={section.intro ? text(`${section.key}.intro`) : undefined}
          tone={section.tone}
          narrow={section.narrow}
        >
          <SectionContent section={section} namespace={namespace} />
          {section.link ? (
            <MoreLink to={section.link.to}>{text(`${section.key}.${section.link.label}`)}</MoreLink>
          ) : null}
        </PageSection>
      ))}
      <PageSection title={text('quote.title')} narrow>
        {quoteLink ? (
          <Stack $gap={4}>
            {quote}
            <Link to={quoteLink.to}>{text(`quote.${quoteLink.label}`)}</Link>
          </Stack>
        ) : (
          quote
        )}
      </PageSection>
      <CtaBanner />
    </>
  );
}
