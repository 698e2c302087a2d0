import type { ReactNode, Ref } from 'react';
import styled from 'styled-components';
import { Card, up } from 'shared-ui';

/** A chat takeover page's content. The shell's dashboard layout draws the header and main landmark. */
export const PageBody = styled.div`
  display: grid;
  gap: 24px;
  width: 100%;
  min-width: 0;
`;

const Header = styled.header`
  display: grid;
  gap: 8px;
  min-width: 0;
  h1 {
    margin: 0;
    font-size: clamp(1.625rem, 2vw + 1rem, 2.125rem);
    letter-spacing: -0.01em;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

/** The page's one h1, with an optional lead paragraph, anything above it and anything after it. */
export function PageHeader({
  title,
  lead,
  before,
  children,
  headingRef,
}: {
  title: ReactNode;
  lead?: string;
  before?: ReactNode;
  children?: ReactNode;
  /** Where focus goes when the control that had it goes away (tabIndex -1: not a tab stop). */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <Header>
      {before}
      <h1 ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </h1>
      {lead ? <p>{lead}</p> : null}
      {children}
    </Header>
  );
}

/** A card holding one section of a page. */
export const SectionCard = styled(Card)`
  display: grid;
  gap: 16px;
  padding: 16px;
  min-width: 0;
  ${up('sm')} {
    padding: 20px;
  }
  h2 {
    margin: 0;
    font-size: 1.125rem;
  }
`;

/** Secondary text. */
export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textSecondary};
`;
