import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Container, up } from 'shared-ui';

const HeroSection = styled.section`
  padding: 40px 0 48px;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  ${up('md')} {
    padding: 72px 0 80px;
  }
`;

const HeroLayout = styled.div<{ $withArt: boolean }>`
  display: grid;
  gap: 40px;
  align-items: center;
  ${up('lg')} {
    grid-template-columns: ${({ $withArt }) => ($withArt ? 'minmax(0, 3fr) minmax(0, 2fr)' : '1fr')};
  }
`;

const Eyebrow = styled.p`
  margin-bottom: 12px;
  font-size: 0.8125rem;
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.primaryBlue};
`;

const Title = styled.h1`
  max-width: 22ch;
  font-size: clamp(2rem, 4vw + 1rem, 3.25rem);
  letter-spacing: -0.02em;
  overflow-wrap: break-word;
`;

const Lead = styled.p`
  max-width: 62ch;
  font-size: 1.125rem;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 24px;
`;

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  lead: string;
  /** Buttons or links under the lead. */
  actions?: ReactNode;
  /** A decorative illustration beside the text on wide screens. */
  art?: ReactNode;
}

/** The top of every page: the page's one h1, its lead paragraph and its main actions. */
export function PageHero({ eyebrow, title, lead, actions, art }: PageHeroProps) {
  return (
    <HeroSection>
      <Container>
        <HeroLayout $withArt={Boolean(art)}>
          <div>
            {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
            <Title>{title}</Title>
            <Lead>{lead}</Lead>
            {actions ? <Actions>{actions}</Actions> : null}
          </div>
          {art}
        </HeroLayout>
      </Container>
    </HeroSection>
  );
}
