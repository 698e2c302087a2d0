import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

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

export interface PageHeaderProps {
  title: ReactNode;
  lead?: ReactNode;
  /** Above the title: a back link. */
  before?: ReactNode;
  /** After the title and lead: badges, actions. */
  children?: ReactNode;
  /** Where focus goes when the control that had it goes away (tabIndex -1: not a tab stop). */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** A page's one h1, with an optional lead paragraph, what comes above it and after it. */
export function PageHeader({ title, lead, before, children, headingRef }: PageHeaderProps) {
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

const Back = styled(Link)`
  justify-self: start;
  font-weight: 600;
`;

/** The link up to the list a page belongs to; the arrow is decoration, not read out. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Back to={to}>
      <span aria-hidden="true">← </span>
      {children}
    </Back>
  );
}
