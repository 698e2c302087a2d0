import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from 'shared-ui';
import { CheckIcon } from './check-list';

const Panel = styled(Card)`
  border-color: ${({ theme }) => theme.colors.green};
  h2 {
    display: flex;
    gap: 12px;
    align-items: center;
    font-size: 1.5rem;
  }
  h2:focus {
    outline: none;
  }
  svg {
    flex: none;
    width: 28px;
    height: 28px;
    color: ${({ theme }) => theme.colors.green};
  }
`;

/** Replaces a sent form; takes focus so screen-reader and keyboard users land on it. */
export function FormSuccess({ title, children }: { title: string; children: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <Panel role="status">
      <h2 ref={headingRef} tabIndex={-1}>
        <CheckIcon />
        {title}
      </h2>
      {children}
    </Panel>
  );
}
