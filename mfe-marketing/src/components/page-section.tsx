import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Container, up } from 'shared-ui';

const Section = styled.section<{ $tone: 'plain' | 'surface' }>`
  padding: 48px 0;
  background: ${({ theme, $tone }) =>
    $tone === 'surface' ? theme.colors.surface : theme.colors.background};
  ${up('md')} {
    padding: 72px 0;
  }
`;

const Header = styled.div`
  max-width: 720px;
  margin-bottom: 32px;
  h2 {
    font-size: clamp(1.5rem, 2vw + 1rem, 2.25rem);
    letter-spacing: -0.01em;
  }
  p {
    font-size: 1.0625rem;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

interface PageSectionProps {
  title: string;
  intro?: string;
  tone?: 'plain' | 'surface';
  narrow?: boolean;
  children?: ReactNode;
}

/** A titled band of a page: an h2 and whatever belongs under it. */
export function PageSection({
  title,
  intro,
  tone = 'plain',
  narrow = false,
  children,
}: PageSectionProps) {
  const headingId = useId();
  return (
    <Section $tone={tone} aria-labelledby={headingId}>
      <Container $narrow={narrow}>
        <Header>
          <h2 id={headingId}>{title}</h2>
          {intro ? <p>{intro}</p> : null}
        </Header>
        {children}
      </Container>
    </Section>
  );
}
