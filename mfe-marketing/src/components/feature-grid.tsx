import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Card, Grid } from 'shared-ui';

export interface Feature {
  title: string;
  body: string;
}

export interface FeatureLink {
  to: string;
  label: string;
}

const FeatureList = styled(Grid)`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const FeatureCard = styled(Card)`
  display: flex;
  flex-direction: column;
  border-top: 4px solid ${({ theme }) => theme.colors.secondaryCyan};
  h3 {
    font-size: 1.1875rem;
  }
  p {
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

const MoreLink = styled(Link)`
  margin-top: auto;
  font-weight: 600;
`;

interface FeatureGridProps {
  items: readonly Feature[];
  /** A "learn more" link per item, by index. */
  links?: readonly (FeatureLink | undefined)[];
  min?: number;
  columns?: number;
}

/** Cards with an h3 title and a paragraph each, in a responsive grid. */
export function FeatureGrid({ items, links, min = 240, columns }: FeatureGridProps) {
  return (
    // list-style: none drops list semantics in Safari; role="list" keeps them.
    <FeatureList as="ul" role="list" $min={min} $columns={columns}>
      {items.map((item, index) => {
        const link = links?.[index];
        return (
          <FeatureCard as="li" key={item.title}>
            <h3>{item.title}</h3>
            <p>{item.body}</p>
            {link ? <MoreLink to={link.to}>{link.label}</MoreLink> : null}
          </FeatureCard>
        );
      })}
    </FeatureList>
  );
}
